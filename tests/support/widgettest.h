// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QComboBox>
#include <QLineEdit>
#include <QTest>
#include <QWidget>

#include <gtest/gtest.h>

namespace TokenScope::Testing {

/// The child widget of `root` with this objectName; fails the test (and returns null) without it.
template<typename T>
T *child(QWidget *root, const char *name)
{
    T *w = root->findChild<T *>(QLatin1String(name));
    EXPECT_NE(w, nullptr) << name;
    return w;
}

/// Replaces the text of the line edit `name` as a user types it (textEdited fires).
inline void type(QWidget *root, const char *name, const QString &text)
{
    auto *edit = child<QLineEdit>(root, name);
    ASSERT_NE(edit, nullptr);
    edit->selectAll();
    QTest::keyClicks(edit, text);
}

/// Picks the item of the combo box `name` whose data is `value`, as a user's click in the popup does.
inline void choose(QWidget *root, const char *name, int value)
{
    auto *combo = child<QComboBox>(root, name);
    ASSERT_NE(combo, nullptr);
    const int index = combo->findData(value);
    ASSERT_GE(index, 0);
    combo->setCurrentIndex(index);
    Q_EMIT combo->activated(index);
}

} // namespace TokenScope::Testing
