// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QtGlobal>

#include <array>

namespace TokenScope::Palette {

/// `rgb` (0xrrggbb) with `alpha` (0..255) as a compile-time QColor.
constexpr QColor fromRgb(quint32 rgb, int alpha = 255)
{
    return QColor(int((rgb >> 16) & 0xff), int((rgb >> 8) & 0xff), int(rgb & 0xff), alpha);
}

/// Switches the colours that sit on a background (text, bands, plates, table shades: the ones
/// declared without constexpr below) to their dark-theme tones, or back to the light ones they start
/// with. The data colours (chunk, first token, the outcomes…) stay: they read on both. GUI thread
/// only; painters read the colours when they paint, so a repaint shows the switch.
void useDarkColours(bool dark);
/// Whether useDarkColours(true) is in force.
bool darkColours();

// Every colour the charts, tables and views share. Names say what a colour shows, so one meaning
// keeps one colour everywhere (the chunk blue of the timeline is the ITL histogram's, the
// throughput line's, the serving curve's TTFT and the request detail's streaming phase). Most
// are Material Design tones; the hex value is given where a role shares another's.

namespace Rgb {
// Hues several roles share (Material Design names).
constexpr quint32 blue800 = 0x1565c0;
constexpr quint32 deepOrange900 = 0xe65100;
constexpr quint32 red800 = 0xc62828;
constexpr quint32 red900 = 0xb71c1c;
constexpr quint32 purple600 = 0x8e24aa;
constexpr quint32 green800 = 0x2e7d32;
constexpr quint32 green900 = 0x1b5e20;
constexpr quint32 orange500 = 0xff9800;
constexpr quint32 grey500 = 0x9e9e9e;
constexpr quint32 grey600 = 0x757575;
constexpr quint32 grey700 = 0x616161;
constexpr quint32 grey800 = 0x424242;
constexpr quint32 grey900 = 0x212121;
constexpr quint32 orange100 = 0xffe0b2;
constexpr quint32 darkRed = 0xa31a1a; // the compare view's "worse"
} // namespace Rgb

// --- What a request's stream is made of (token timeline, histograms, throughput, request detail)
inline constexpr QColor chunk = fromRgb(Rgb::blue800); ///< a text-bearing chunk; the streaming phase
inline constexpr QColor chunkStream
    = fromRgb(Rgb::blue800, 170); ///< the timeline's stream bars, lighter than its markers
inline constexpr QColor firstToken = fromRgb(Rgb::deepOrange900); ///< the first token; TTFT
inline constexpr QColor ttftSpan = fromRgb(Rgb::orange500, 150); ///< post → first token
inline constexpr QColor warmup = fromRgb(Rgb::grey500); ///< a warm-up request (not measured)
inline constexpr QColor warmupSpan = fromRgb(Rgb::grey500, 150);
inline constexpr QColor warmupStream = fromRgb(Rgb::grey500, 170);
inline constexpr QColor failure = fromRgb(Rgb::red800); ///< a failed request's mark; the serving curve's knee
inline constexpr QColor inFlight = fromRgb(0x546e7a); ///< posted, not finished (the timeline's bars)
inline constexpr QColor armB = fromRgb(Rgb::purple600); ///< endpoint B of an A/B run (A keeps `chunk`)
inline constexpr QColor armBStream = fromRgb(Rgb::purple600, 170);
inline constexpr QColor tpot = fromRgb(0x6a1b9a); ///< time per output token (serving curve)
inline QColor p50 = fromRgb(Rgb::grey900); ///< the median line (histograms)
inline constexpr QColor p95 = fromRgb(Rgb::purple600); ///< the P95 line (histograms)

// --- The throughput chart's other lines
inline constexpr QColor requestsInFlight = fromRgb(Rgb::green800);
inline constexpr QColor serverRunning = fromRgb(0xef6c00);
inline constexpr QColor serverWaiting = fromRgb(Rgb::purple600);
inline QColor levelMark = fromRgb(0x606060); ///< where a level starts
inline QColor sliceOutput = fromRgb(Rgb::grey900); ///< a level's slices' output (throughput chart)
inline constexpr QColor searchFound = fromRgb(Rgb::green800); ///< a max-rate search's answer (serving curve)
inline constexpr QColor cachedShare = fromRgb(0x00838f); ///< prompt tokens served from the cache (By turn)

// --- A request's phases (request detail), in the order they happen; then `firstToken`, `chunk`
inline constexpr QColor phaseQueued = fromRgb(0xbdbdbd);
inline constexpr QColor phaseConnect = fromRgb(Rgb::purple600); ///< TCP connect and TLS handshake
inline constexpr QColor phaseSending = fromRgb(0x00897b);
inline constexpr QColor phaseHeaders = fromRgb(0xffb300);
inline constexpr QColor phaseFirstByte = fromRgb(0xffd54f);
inline constexpr QColor phaseDone = fromRgb(0x90a4ae);
inline QColor phaseTrack = fromRgb(0xeeeeee); ///< the phase bar's empty track

// --- Rows and bands of the token timeline
inline QColor warmupBand = fromRgb(0xf3f3f3);
inline QColor levelBand = fromRgb(0xe8eff7); ///< every other level
inline QColor bandEdge = fromRgb(0xc5cdd6);
inline QColor selection = fromRgb(0xffecb3);
inline QColor selectionEdge = fromRgb(0x37474f);

// --- Text, lines and plates on charts
inline QColor chartText = fromRgb(Rgb::grey800); ///< labels on a plot
inline QColor chartTextFaint = fromRgb(Rgb::grey800, 0x90);
inline QColor mutedText = fromRgb(Rgb::grey700); ///< empty states, axis captions, placeholders
inline QColor faintText = fromRgb(Rgb::grey600); ///< the timeline's empty state, warm-up rows, placeholders
inline QColor absentText = fromRgb(Rgb::grey500); ///< a milestone the request never reached
inline QColor axisLine = fromRgb(Rgb::grey500);
inline QColor labelPlate = fromRgb(0xffffff, 200); ///< behind a label over markers
inline QColor labelPlateStrong = fromRgb(0xffffff, 215); ///< behind a label over lines
inline QColor markerOutline = fromRgb(0xffffff); ///< around a dot or a marker, to lift it off a line
inline QColor hoverShade = fromRgb(0x000000, 22); ///< the column under the pointer
inline QColor readoutBorder = fromRgb(Rgb::grey600);
inline QColor readoutFill = fromRgb(0xfffff4, 0xf0);
inline QColor readoutText = fromRgb(Rgb::grey900);

// --- Tables: outcomes and warnings
inline QColor errorText = fromRgb(Rgb::red900); ///< a failed run or request, an error message
inline QColor errorBackground = fromRgb(0xffebee);
inline QColor errorBorder = fromRgb(0xef9a9a);
inline constexpr QColor running = fromRgb(Rgb::blue800); ///< a run still going (history)
inline QColor warningText = fromRgb(0xb26a00); ///< an interrupted or doubtful run (history)
inline QColor cautionText = fromRgb(0xb25e00); ///< a figure that is not what it seems (results table)
inline QColor cautionBackground = fromRgb(Rgb::orange100);
inline QColor someFailedBackground = fromRgb(Rgb::orange100);
inline QColor allFailedBackground = fromRgb(0xffcdd2);

// --- A run's outcome (outcomeColor(): the progress bar, the Runs table and History alike)
inline constexpr QColor outcomeCompleted = fromRgb(Rgb::green800);
inline constexpr QColor outcomeWithFailures = fromRgb(Rgb::deepOrange900);
inline constexpr QColor outcomeFailed = fromRgb(Rgb::red900);
inline constexpr QColor outcomeCancelled = fromRgb(Rgb::grey700);
inline constexpr QColor outcomeRunning = fromRgb(Rgb::blue800);

// --- Forms: a field's problem, and the profile editor's banner
inline QColor fieldError = fromRgb(0xb00020); ///< a field that cannot be used as it is
inline constexpr QColor fieldWarning = fromRgb(Rgb::deepOrange900); ///< a field that is usable but doubtful
inline constexpr QColor cautionBannerBackground = fromRgb(0xfff4ce);
inline constexpr QColor cautionBannerBorder = fromRgb(0xc69500);
inline constexpr QColor cautionBannerText = fromRgb(0x3d2e00);

// --- Comparing runs
/// A run's colour in every compare chart, table and reading: colour-blind-safe (Okabe-Ito) and
/// strong enough on white; the runs take them in turn.
inline constexpr std::array<QColor, 7> runs { fromRgb(0x0072b2), fromRgb(0xe69f00), fromRgb(0x009e73),
    fromRgb(0xcc79a7), fromRgb(0x56b4e9), fromRgb(0xd55e00), fromRgb(0x595959) };
inline QColor guide = fromRgb(0xb0b0b0); ///< a reference line (the median)
inline QColor better = fromRgb(Rgb::green900);
inline QColor betterBackground = fromRgb(0xd7f0d8);
inline QColor worse = fromRgb(Rgb::darkRed);
inline QColor worseBackground = fromRgb(0xf8d7d7);
inline QColor unchanged = fromRgb(Rgb::grey700);
inline QColor footnote = fromRgb(0x707070);

// --- Panels and banners (style sheets: QColor::name())
inline QColor panelBackground = fromRgb(0xf4f6f8);
inline QColor panelBorder = fromRgb(0xd0d7de);
inline constexpr QColor warningBannerBackground = fromRgb(0xfff4e5);
inline constexpr QColor warningBannerBorder = fromRgb(0xf0a040);
inline constexpr QColor warningBannerText = fromRgb(0x663c00);
inline constexpr QColor goodBannerBackground = fromRgb(0xedf7ed);
inline constexpr QColor goodBannerBorder = fromRgb(0x81c784);
inline constexpr QColor goodBannerText = fromRgb(0x1e4620);
inline constexpr QColor infoBannerBackground = fromRgb(0xeef4fb);
inline constexpr QColor infoBannerBorder = fromRgb(0x90b4dc);
inline constexpr QColor infoBannerText = fromRgb(0x123a63);
inline constexpr QColor errorBannerBackground = fromRgb(0xfdecea);
inline constexpr QColor errorBannerBorder = fromRgb(0xe57373);
inline constexpr QColor errorBannerText = fromRgb(0x7f1d1d);

} // namespace TokenScope::Palette
