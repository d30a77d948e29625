// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "slo.h"

#include <QRegularExpression>
#include <QStringList>

namespace TokenScope {

namespace {

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

struct OpText {
    SloConstraint::Op op;
    const char *text;
};
// Two-character operators first, so "<=" is not read as "<" followed by "=500".
constexpr OpText kOps[] = {
    { SloConstraint::Op::AtMost, "<=" },
    { SloConstraint::Op::AtLeast, ">=" },
    { SloConstraint::Op::Below, "<" },
    { SloConstraint::Op::Above, ">" },
};

QString opText(SloConstraint::Op op)
{
    for (const OpText &o : kOps)
        if (o.op == op)
            return QString::fromLatin1(o.text);
    return QStringLiteral("<=");
}

} // namespace

QString GoodputSlo::spec() const
{
    QStringList parts;
    if (ttftMs >= 0)
        parts << QStringLiteral("ttft:%1").arg(number(ttftMs));
    if (tpotMs >= 0)
        parts << QStringLiteral("tpot:%1").arg(number(tpotMs));
    if (e2elMs >= 0)
        parts << QStringLiteral("e2el:%1").arg(number(e2elMs));
    return parts.join(u' ');
}

bool GoodputSlo::parse(const QString &text, GoodputSlo *slo, QString *error)
{
    GoodputSlo parsed;
    const QStringList parts = text.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const qsizetype colon = part.indexOf(u':');
        bool ok = false;
        const double ms = colon > 0 ? part.mid(colon + 1).toDouble(&ok) : 0;
        const QString name = part.left(colon);
        double *target = name == QLatin1String("ttft") ? &parsed.ttftMs
            : name == QLatin1String("tpot")            ? &parsed.tpotMs
            : name == QLatin1String("e2el")            ? &parsed.e2elMs
                                                        : nullptr;
        if (!target || !ok || ms < 0) {
            *error = QStringLiteral("\"%1\" is not an SLO: write name:milliseconds with name ttft, tpot or e2el, "
                                    "e.g. \"ttft:500 tpot:50\".").arg(part);
            return false;
        }
        *target = ms;
    }
    if (!parsed.isSet()) {
        *error = QStringLiteral("No SLO given: write e.g. \"ttft:500 tpot:50 e2el:10000\" (milliseconds).");
        return false;
    }
    *slo = parsed;
    return true;
}

QString SloConstraint::text() const
{
    return metric + opText(op) + number(bound);
}

bool SloConstraint::holdsFor(double value) const
{
    switch (op) {
    case Op::Below:
        return value < bound;
    case Op::AtLeast:
        return value >= bound;
    case Op::Above:
        return value > bound;
    case Op::AtMost:
        break;
    }
    return value <= bound;
}

bool SloConstraint::parseList(const QString &text, QList<SloConstraint> *constraints, QString *error,
                              bool (*knownMetric)(const QString &))
{
    QList<SloConstraint> parsed;
    for (const QString &raw : text.split(u',', Qt::SkipEmptyParts)) {
        const QString part = raw.trimmed();
        SloConstraint c;
        qsizetype at = -1;
        qsizetype opLength = 0;
        for (const OpText &o : kOps) {
            at = part.indexOf(QLatin1String(o.text));
            if (at > 0) {
                c.op = o.op;
                opLength = qsizetype(qstrlen(o.text));
                break;
            }
        }
        bool ok = false;
        if (at > 0) {
            c.metric = part.left(at).trimmed();
            c.bound = part.mid(at + opLength).trimmed().toDouble(&ok);
        }
        if (!ok) {
            *error = QStringLiteral("\"%1\" is not a constraint: write metric<=value, e.g. \"p95_ttft_ms<=500\".").arg(part);
            return false;
        }
        if (knownMetric && !knownMetric(c.metric)) {
            *error = QStringLiteral("\"%1\" is not a level metric: use a summary.json level key such as p95_ttft_ms, "
                                    "median_tpot_ms, p99_itl_ms, mean_e2el_ms, p95_ttft_from_scheduled_ms or "
                                    "request_goodput.").arg(c.metric);
            return false;
        }
        parsed.append(c);
    }
    if (parsed.isEmpty()) {
        *error = QStringLiteral("No constraint given: write e.g. \"p95_ttft_ms<=500,p95_tpot_ms<=50\".");
        return false;
    }
    *constraints = parsed;
    return true;
}

QString SloConstraint::listText(const QList<SloConstraint> &constraints)
{
    QStringList parts;
    for (const SloConstraint &c : constraints)
        parts << c.text();
    return parts.join(u',');
}

} // namespace TokenScope
