// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clirun.h"

#include "testpaths.h"

#include <QProcess>
#include <gtest/gtest.h>

namespace TokenScope::Testing {

CliResult runCli(const QStringList &args, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(TOKENSCOPE_CLI_PATH), args);
    EXPECT_TRUE(process.waitForFinished(120000)) << "tokenscope-cli did not finish";
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError() };
}

} // namespace TokenScope::Testing
