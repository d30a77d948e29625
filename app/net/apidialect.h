// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/runconfig.h"
#include "net/chunkdecoder.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace TokenScope {

/// One HTTP header of a request. `carriesKey`: its value holds the API key, which a copied curl
/// command writes as a shell variable instead.
struct RequestHeader {
    QByteArray name;
    QByteArray value;
    bool carriesKey = false;
};

/// How one API kind is spoken (docs/architecture.md#seams): one row of the table per ApiKind.
/// Everything that differs between APIs is here, so the engine, the connection check and the
/// curl command build and read requests the same way. Immutable; thread-safe.
struct ApiDialect {
    ApiKind kind;
    /// Appended to the Base URL ("/chat/completions"). A suffix starting with "/v1/" is appended
    /// without its "/v1" to a Base URL that already ends with one (docs/endpoints.md).
    QString pathSuffix;
    /// How the response's SSE events are read: the decoder is told, never left to guess.
    StreamFormat streamFormat;
    /// The body option that asks for usage in the stream ("stream_options.include_usage"), for
    /// the documentation and the messages that name it; the body builder sets it. Empty where the
    /// API always streams usage.
    QString usageOption;
    /// The data line that ends the stream ("[DONE]"); empty where the API sends none.
    QByteArray endMarker;
    /// What says the answer is complete ("finish_reason", "message_stop"), for messages: a stream
    /// whose body ends after it is complete, with or without the end marker.
    QString finishSignal;
    /// The JSON body of a streaming request for `prompt` under `config` (extra body merged last):
    /// its text or conversation, its max_tokens (the run's when it has none) and the run's
    /// output-length options.
    QByteArray (*body)(const RunConfig &config, const Prompt &prompt);
    /// The headers that authenticate `apiKey` (none when it is empty).
    QList<RequestHeader> (*authHeaders)(const QString &apiKey);
    /// Headers the API needs besides authentication ("anthropic-version"). A custom header of the
    /// same name replaces one (RequestBuilder::requestHeaders()).
    QList<RequestHeader> apiHeaders;
    /// Body keys the body builder sets that an extra body would replace, changing what is measured
    /// ("model", "messages"); "stream" is not among them: RunCheck::problem() refuses it.
    QStringList measuredBodyKeys;
    /// The environment variable the provider's own tools read the key from ("OPENAI_API_KEY").
    QString keyVariable;
};

/// The table's row for `kind`.
const ApiDialect &apiDialect(ApiKind kind);
/// Every row, in ApiKind order.
QList<const ApiDialect *> apiDialects();

} // namespace TokenScope
