// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
// The Workload section of the run settings: each kind round-trips through load() and applyTo()
// without touching the profile's output forcing, only its rows are shown, a dataset is checked as
// it is chosen, and the preview shows what a request would send.
#include "runsettingsform.h"

#include "charts/liverun.h"
#include "support/widgettest.h"
#include "workload/calibration.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <gtest/gtest.h>

using namespace TokenScope;
using namespace TokenScope::Testing;

namespace {

RunConfig synthetic()
{
    RunConfig c;
    c.prompt = QStringLiteral("Say hello.");
    c.workload.kind = WorkloadKind::Synthetic;
    c.workload.inputTokens = 1000;
    c.workload.inputSpread = 0.25;
    c.workload.sharedPrefixTokens = 200;
    c.workload.outputSpread = 0.1;
    return c;
}

QString writeFile(const QTemporaryDir &dir, const char *name, const QByteArray &bytes)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    return path;
}

void startDatasetCheck(RunSettingsForm &form, const QString &path)
{
    auto *kind = child<QComboBox>(&form, "workloadKind");
    kind->setCurrentIndex(kind->findData(int(WorkloadKind::Dataset)));
    auto *edit = child<QLineEdit>(&form, "datasetPath");
    edit->setText(path);
    Q_EMIT edit->editingFinished();
}

bool datasetRead(RunSettingsForm &form)
{
    auto *status = child<QLabel>(&form, "datasetStatus");
    return QTest::qWaitFor([status] { return !status->text().startsWith(QStringLiteral("Reading ")); }, 20000);
}

/// Chooses the file and waits until the form has read it (off the GUI thread).
void chooseDataset(RunSettingsForm &form, const QString &path)
{
    startDatasetCheck(form, path);
    EXPECT_TRUE(datasetRead(form)) << path.toStdString();
}

} // namespace

TEST(UiWorkloadBox, SyntheticRoundTripsAndKeepsTheProfilesOutputForcing)
{
    RunSettingsForm form;
    form.load(synthetic());
    RunConfig out;
    out.workload.ignoreEos = true; // the profile's, applied before the form
    out.workload.minTokens = true;
    QString error;
    ASSERT_TRUE(form.applyTo(&out, &error)) << error.toStdString();
    EXPECT_EQ(out.workload.kind, WorkloadKind::Synthetic);
    EXPECT_EQ(out.workload.inputTokens, 1000);
    EXPECT_DOUBLE_EQ(out.workload.inputSpread, 0.25);
    EXPECT_EQ(out.workload.sharedPrefixTokens, 200);
    EXPECT_DOUBLE_EQ(out.workload.outputSpread, 0.1);
    EXPECT_TRUE(out.workload.ignoreEos);
    EXPECT_TRUE(out.workload.minTokens);
    EXPECT_EQ(out.prompt.toStdString(), "Say hello.");
}

TEST(UiWorkloadBox, EachKindShowsOnlyItsRows)
{
    RunSettingsForm form;
    const auto shown = [&form](const char *name) { return child<QWidget>(&form, name)->isVisibleTo(&form); };
    EXPECT_TRUE(shown("prompt"));
    EXPECT_FALSE(shown("inputTokens"));
    EXPECT_FALSE(shown("datasetPath"));
    EXPECT_FALSE(shown("promptPreview"));
    form.load(synthetic());
    EXPECT_FALSE(shown("prompt"));
    EXPECT_TRUE(shown("inputTokens"));
    EXPECT_TRUE(shown("sharedPrefixTokens"));
    EXPECT_FALSE(shown("shuffle"));
    EXPECT_TRUE(shown("promptPreview"));
    EXPECT_TRUE(child<QLabel>(&form, "previewNote")->text().contains(QStringLiteral("before calibration")));
    EXPECT_FALSE(child<QPlainTextEdit>(&form, "promptPreview")->toPlainText().isEmpty());
}

TEST(UiWorkloadBox, ASharedPrefixAsLongAsThePromptIsRejected)
{
    RunSettingsForm form;
    form.load(synthetic());
    child<QSpinBox>(&form, "sharedPrefixTokens")->setValue(900); // the shortest prompt is 750
    RunConfig out;
    QString error;
    EXPECT_FALSE(form.applyTo(&out, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("shared prefix"))) << error.toStdString();
}

TEST(UiWorkloadBox, ADatasetIsCheckedWhenChosen)
{
    QTemporaryDir dir;
    const QString good = writeFile(dir, "good.jsonl",
        "{\"prompt\": \"Name a river.\", \"output_tokens\": 20}\n"
        "{\"prompt\": \"Name a hill.\", \"output_tokens\": 9}\n");
    const QString bad = writeFile(dir, "bad.jsonl", "{\"prompt\": \"ok\"}\nnot json\nalso not\n");
    RunSettingsForm form;
    chooseDataset(form, good);
    auto *status = child<QLabel>(&form, "datasetStatus");
    const QString expected = QStringLiteral("2 prompt(s). JSONL whose first line has \"prompt\": vLLM custom.");
    EXPECT_TRUE(status->text().startsWith(expected)) << status->text().toStdString();
    EXPECT_EQ(child<QPlainTextEdit>(&form, "promptPreview")->toPlainText().toStdString(), "Name a river.");
    RunConfig out;
    QString error;
    ASSERT_TRUE(form.applyTo(&out, &error)) << error.toStdString();
    EXPECT_EQ(out.workload.kind, WorkloadKind::Dataset);
    EXPECT_EQ(out.workload.datasetPath, good);

    chooseDataset(form, bad);
    EXPECT_TRUE(status->text().startsWith(QStringLiteral("line 2"))) << status->text().toStdString();
    EXPECT_TRUE(status->text().contains(QStringLiteral("and 1 more problem(s)"))) << status->text().toStdString();
}

TEST(UiWorkloadBox, ADatasetIsReadOffTheGuiThreadAndOnlyTheLastChoiceIsShown)
{
    QTemporaryDir dir;
    QByteArray many;
    for (int i = 0; i < 20000; ++i)
        many += "{\"prompt\": \"Describe river number " + QByteArray::number(i) + " in one line.\"}\n";
    const QString big = writeFile(dir, "big.jsonl", many);
    const QString small = writeFile(dir, "small.jsonl", "{\"prompt\": \"Name a lake.\"}\n");
    RunSettingsForm form;
    auto *status = child<QLabel>(&form, "datasetStatus");
    startDatasetCheck(form, big);
    // The form returns before the file is read, and says it is reading it.
    EXPECT_TRUE(status->text().startsWith(QStringLiteral("Reading big.jsonl ("))) << status->text().toStdString();
    EXPECT_TRUE(Testing::saveShotIfAsked(&form, QStringLiteral("workload-dataset-reading")));
    startDatasetCheck(form, small);
    ASSERT_TRUE(datasetRead(form));
    // Both reads have ended and every result delivered: the big file's is not shown.
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    EXPECT_TRUE(status->text().startsWith(QStringLiteral("1 prompt(s)."))) << status->text().toStdString();
    EXPECT_EQ(child<QPlainTextEdit>(&form, "promptPreview")->toPlainText().toStdString(), "Name a lake.");
    EXPECT_TRUE(Testing::saveShotIfAsked(&form, QStringLiteral("workload-dataset-read")));
}

TEST(UiWorkloadBox, AFileClearedWhileItIsReadLeavesTheFormAskingForOne)
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, "one.jsonl", "{\"prompt\": \"Name a lake.\"}\n");
    RunSettingsForm form;
    auto *status = child<QLabel>(&form, "datasetStatus");
    startDatasetCheck(form, path);
    startDatasetCheck(form, QString()); // cleared before the read's result arrives
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    EXPECT_EQ(status->text().toStdString(), "Choose a prompt file.");
    EXPECT_TRUE(child<QPlainTextEdit>(&form, "promptPreview")->toPlainText().isEmpty());
}

TEST(UiWorkloadBox, ShuffleChangesWhatThePreviewSaysOfTheFirstRequest)
{
    QTemporaryDir dir;
    const QString path = writeFile(dir, "two.jsonl", "{\"prompt\": \"A\"}\n{\"prompt\": \"B\"}\n");
    RunSettingsForm form;
    chooseDataset(form, path);
    auto *note = child<QLabel>(&form, "previewNote");
    EXPECT_TRUE(note->text().contains(QStringLiteral("which the first request sends"))) << note->text().toStdString();
    child<QCheckBox>(&form, "shuffle")->setChecked(true);
    EXPECT_TRUE(note->text().contains(QStringLiteral("shuffled"))) << note->text().toStdString();
}

TEST(UiWorkloadBox, AfterACalibratedRunThePreviewIsTheCalibratedPrompt)
{
    RunSettingsForm form;
    form.load(synthetic());
    RunConfig ran = synthetic();
    CalibrationFit fit;
    fit.prefixWords = 150;
    fit.prefixTokens = 200;
    fit.emptyTokens = 12;
    fit.points = { { 0, 12 }, { 1000, 1300 } };
    const QJsonArray probes { QJsonObject {}, QJsonObject {} };
    ran.workload.measured.insert(QStringLiteral("calibration"),
        QJsonObject { { QStringLiteral("probes"), probes }, { QStringLiteral("fit"), fit.toJson() } });
    form.setCalibratedRun(ran);
    const QString note = child<QLabel>(&form, "previewNote")->text();
    EXPECT_TRUE(note.startsWith(QStringLiteral("calibrated: the server counts"))) << note.toStdString();
    EXPECT_TRUE(note.contains(QStringLiteral("(2 probe(s))"))) << note.toStdString();
    child<QSpinBox>(&form, "inputTokens")->setValue(2000); // another length: no longer calibrated
    QTest::qWait(300);
    EXPECT_TRUE(child<QLabel>(&form, "previewNote")->text().startsWith(QStringLiteral("before calibration")));
}
