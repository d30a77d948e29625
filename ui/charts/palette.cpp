// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "palette.h"

#include <utility>
#include <vector>

namespace TokenScope::Palette {

namespace {

bool g_dark = false;

struct Themed
{
    QColor *colour;
    QColor dark;
};

// The dark tone of each colour that sits on a background: light text and lines on the dark
// window (#2a2a2a-ish, ui/theme.cpp), dark tints where the light theme has pale shades.
std::vector<Themed> darkTones()
{
    return {
        { &p50, fromRgb(0xe0e0e0) },
        { &sliceOutput, fromRgb(0xe0e0e0) },
        { &levelMark, fromRgb(0xa0a0a0) },
        { &phaseTrack, fromRgb(0x3c3c3c) },
        { &warmupBand, fromRgb(0x333333) },
        { &levelBand, fromRgb(0x2b3440) },
        { &bandEdge, fromRgb(0x4a5461) },
        { &selection, fromRgb(0x5c4a1a) },
        { &selectionEdge, fromRgb(0xcfd8dc) },
        { &chartText, fromRgb(0xdddddd) },
        { &chartTextFaint, fromRgb(0xdddddd, 0x90) },
        { &mutedText, fromRgb(0xb0b0b0) },
        { &faintText, fromRgb(0x9a9a9a) },
        { &absentText, fromRgb(0x7a7a7a) },
        { &axisLine, fromRgb(0x8a8a8a) },
        { &labelPlate, fromRgb(0x2a2a2a, 200) },
        { &labelPlateStrong, fromRgb(0x2a2a2a, 215) },
        { &markerOutline, fromRgb(0x202020) },
        { &hoverShade, fromRgb(0xffffff, 28) },
        { &readoutBorder, fromRgb(0x9a9a9a) },
        { &readoutFill, fromRgb(0x303030, 0xf0) },
        { &readoutText, fromRgb(0xeeeeee) },
        { &errorText, fromRgb(0xff8a80) },
        { &errorBackground, fromRgb(0x4a2020) },
        { &errorBorder, fromRgb(0x9a4040) },
        { &warningText, fromRgb(0xffb74d) },
        { &cautionText, fromRgb(0xffb74d) },
        { &cautionBackground, fromRgb(0x4d3a12) },
        { &someFailedBackground, fromRgb(0x4d3a12) },
        { &allFailedBackground, fromRgb(0x5a2222) },
        { &fieldError, fromRgb(0xff8a80) },
        { &guide, fromRgb(0x8a8a8a) },
        { &better, fromRgb(0x81c784) },
        { &betterBackground, fromRgb(0x1f3d22) },
        { &worse, fromRgb(0xff8a80) },
        { &worseBackground, fromRgb(0x4a2020) },
        { &unchanged, fromRgb(0xb0b0b0) },
        { &footnote, fromRgb(0xa0a0a0) },
        { &panelBackground, fromRgb(0x323436) },
        { &panelBorder, fromRgb(0x50555a) },
    };
}

} // namespace

void useDarkColours(bool dark)
{
    // The light tones are the definitions in palette.h, taken before the first switch changes them.
    static const std::vector<std::pair<QColor *, QColor>> lightTones = [] {
        std::vector<std::pair<QColor *, QColor>> tones;
        for (const Themed &t : darkTones())
            tones.emplace_back(t.colour, *t.colour);
        return tones;
    }();
    if (dark == g_dark)
        return;
    g_dark = dark;
    if (dark) {
        for (const Themed &t : darkTones())
            *t.colour = t.dark;
    } else {
        for (const auto &[colour, light] : lightTones)
            *colour = light;
    }
}

bool darkColours()
{
    return g_dark;
}

} // namespace TokenScope::Palette
