// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "significancetext.h"

#include <QLocale>
#include <algorithm>
#include <cmath>

namespace TokenScope {

namespace {

using Compare::DeltaCell;
using Compare::DeltaMetric;
using Compare::MissingInterval;
using Compare::Significance;

// Decimals by magnitude, as the headline rounds its figures.
int decimalsFor(double magnitude)
{
    return magnitude < 10 ? 2 : magnitude < 100 ? 1 : 0;
}

QString number(double value)
{
    return QLocale().toString(value, 'f', decimalsFor(std::abs(value)));
}

QString bandPercent()
{
    return QLocale().toString(Compare::kNoiseBandPercent, 'f', 0);
}

// "TTFT P50 is 12% higher in B": the size of the change, in % of the baseline when it has one.
QString change(const DeltaCell &cell, DeltaMetric metric, const QString &runLabel)
{
    const QString name = SignificanceText::figureName(metric);
    const double delta = *cell.absolute;
    if (delta == 0)
        return SignificanceText::tr("%1 is the same in %2").arg(name, runLabel);
    QString amount = number(std::abs(delta));
    if (cell.percent) {
        const double percent = std::abs(*cell.percent);
        amount = QLocale().toString(percent, 'f', percent < 10 ? 1 : 0) + u'%';
    }
    //: %1 the figure ("TTFT P50"), %2 by how much ("12%"), %3 the compared run
    return delta > 0 ? SignificanceText::tr("%1 is %2 higher in %3").arg(name, amount, runLabel)
                     : SignificanceText::tr("%1 is %2 lower in %3").arg(name, amount, runLabel);
}

QString byIntervals(const DeltaCell &cell, const Compare::Judgement &judgement)
{
    const QString baseline = SignificanceText::interval(cell.baselineCi);
    const QString other = SignificanceText::interval(cell.otherCi);
    if (judgement.belowFloor)
        //: %1 and %2 the two 95 % intervals, %3 the smallest change called real ("1")
        return SignificanceText::tr("within noise (95 % intervals %1 vs %2 are apart, but the change is under %3%, "
                                    "less than two runs of one configuration differ)")
            .arg(baseline, other, QLocale().toString(Compare::kMinRealChangePercent, 'f', 0));
    //: %1 the baseline's 95 % interval, %2 the compared run's, e.g. "[43.9, 45.2]"
    return judgement.significance == Significance::Real
        ? SignificanceText::tr("and the difference is real (95 % intervals %1 vs %2 do not overlap)")
              .arg(baseline, other)
        : SignificanceText::tr("within noise (95 % intervals %1 vs %2 overlap)").arg(baseline, other);
}

// Why a band judged: the missing interval, or a figure that never has one.
QString bandBasis(const DeltaCell &cell, DeltaMetric metric)
{
    const QString note = SignificanceText::fallbackNote(cell);
    if (!note.isEmpty())
        return note;
    if (metric == DeltaMetric::ErrorRate)
        return SignificanceText::tr("no interval: judged by the %1-point band")
            .arg(QLocale().toString(Compare::kErrorRateBandPoints, 'f', 0));
    return SignificanceText::tr("no interval: judged by the %1% band").arg(bandPercent());
}

QString byBand(const DeltaCell &cell, DeltaMetric metric, Significance significance)
{
    const QString basis = bandBasis(cell, metric);
    switch (significance) {
    case Significance::Real:
        return SignificanceText::tr("and the difference is real (%1)").arg(basis);
    case Significance::WithinNoise:
        return SignificanceText::tr("within noise (%1)").arg(basis);
    case Significance::Unknown:
        break;
    }
    return SignificanceText::tr("not judged: a change from 0 has no size (%1)").arg(basis);
}

// Why a band judged, in a table cell's few words.
QString shortBandBasis(const DeltaCell &cell, DeltaMetric metric)
{
    switch (cell.missing) {
    case MissingInterval::None:
        break;
    case MissingInterval::TooFewSamples:
        return SignificanceText::tr("too few samples: %1% band").arg(bandPercent());
    case MissingInterval::NotStored:
        return SignificanceText::tr("stored without intervals: %1% band").arg(bandPercent());
    case MissingInterval::PointInterval:
        return SignificanceText::tr("point interval: %1% band").arg(bandPercent());
    }
    if (metric == DeltaMetric::ErrorRate)
        return SignificanceText::tr("%1-point band").arg(QLocale().toString(Compare::kErrorRateBandPoints, 'f', 0));
    return SignificanceText::tr("no interval: %1% band").arg(bandPercent());
}

} // namespace

QString SignificanceText::verdict(const DeltaCell &cell, DeltaMetric metric)
{
    if (!cell.absolute)
        return {};
    const Compare::Judgement judgement = Compare::significance(cell, metric);
    QString word;
    switch (judgement.significance) {
    case Significance::Real:
        word = tr("real");
        break;
    case Significance::WithinNoise:
        word = tr("within noise");
        break;
    case Significance::Unknown:
        word = tr("not judged");
        break;
    }
    if (judgement.belowFloor)
        //: %1 the verdict ("within noise"), %2 the smallest change called real ("1")
        return tr("%1 (under %2%)").arg(word, QLocale().toString(Compare::kMinRealChangePercent, 'f', 0));
    if (judgement.judgedBy == Compare::JudgedBy::Intervals)
        return word;
    //: %1 the verdict ("real"), %2 the band that judged it ("no interval: 5% band")
    return tr("%1 (%2)").arg(word, shortBandBasis(cell, metric));
}

QString SignificanceText::sentence(const DeltaCell &cell, DeltaMetric metric, const QString &runLabel)
{
    if (!cell.absolute)
        return {};
    const Compare::Judgement judgement = Compare::significance(cell, metric);
    const QString verdict = judgement.judgedBy == Compare::JudgedBy::Intervals
        ? byIntervals(cell, judgement)
        : byBand(cell, metric, judgement.significance);
    //: %1 the change ("TTFT P50 is 12% higher in B"), %2 the verdict ("and the difference is real (…)")
    return tr("%1, %2.").arg(change(cell, metric, runLabel), verdict);
}

QString SignificanceText::figureName(DeltaMetric metric)
{
    switch (metric) {
    case DeltaMetric::ErrorRate:
        return tr("Error rate");
    case DeltaMetric::TtftP50:
        return tr("TTFT P50");
    case DeltaMetric::TtftP95:
        return tr("TTFT P95");
    case DeltaMetric::TpotP50:
        return tr("TPOT P50");
    case DeltaMetric::TpotP95:
        return tr("TPOT P95");
    case DeltaMetric::ItlP50:
        return tr("ITL P50");
    case DeltaMetric::E2eP50:
        return tr("E2E P50");
    case DeltaMetric::OutputThroughput:
        return tr("Output throughput");
    case DeltaMetric::RequestThroughput:
        return tr("Request throughput");
    }
    return {};
}

QString SignificanceText::fallbackNote(const DeltaCell &cell)
{
    switch (cell.missing) {
    case MissingInterval::None:
        return {};
    case MissingInterval::TooFewSamples:
        return tr("no interval (too few samples): judged by the %1% band").arg(bandPercent());
    case MissingInterval::NotStored:
        return tr("no interval (a run stored before intervals): judged by the %1% band").arg(bandPercent());
    case MissingInterval::PointInterval:
        return tr("no usable interval (every request returned as many tokens): judged by the %1% band")
            .arg(bandPercent());
    }
    return {};
}

int SignificanceText::intervalDecimals(const ConfidenceInterval &ci)
{
    const int decimals = decimalsFor(std::max(std::abs(ci.lo), std::abs(ci.hi)));
    if (const double width = ci.hi - ci.lo; width > 0)
        return std::max(decimals, std::clamp(1 - static_cast<int>(std::floor(std::log10(width))), 0, 3));
    return decimals;
}

QString SignificanceText::interval(const ConfidenceInterval &ci)
{
    const int decimals = intervalDecimals(ci); // both ends alike
    //: a 95 % confidence interval: its lower and upper end
    return tr("[%1, %2]").arg(QLocale().toString(ci.lo, 'f', decimals), QLocale().toString(ci.hi, 'f', decimals));
}

} // namespace TokenScope
