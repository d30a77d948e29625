// SPDX-FileCopyrightText: 2026 TokenScope contributors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// A Prometheus /metrics endpoint with vLLM's series names, in front of an independent streaming
// server, for tests/independent/servermetrics.sh (docs/independent-server.md#server-metrics-against-an-independent-prometheus-endpoint-2026-12-02).
//
// What is whose, honestly:
//   - the token streaming is @dwmkerr/mock-llm's (npm, not written by this repo): every request to
//     any path other than /metrics is forwarded to UPSTREAM and its answer (status, headers, the
//     SSE stream byte for byte) is piped back unchanged;
//   - the exposition (the text format, # HELP / # TYPE lines, label escaping) is prom-client's
//     (npm, not written by this repo): this file only registers the series and sets their values;
//   - the counting is the few lines below, written in this repo but sharing nothing with
//     TokenScope's code: "running" is the number of POST /v1/chat/completions this proxy is
//     forwarding right now (from the moment it sends the request upstream to the moment the
//     client's response is finished or closed), "waiting" the number held back by MAX_BATCH.
//
// Series (all labelled model_name="$MODEL_NAME"):
//   vllm:num_requests_running   gauge   requests being forwarded
//   vllm:num_requests_waiting   gauge   requests held back because MAX_BATCH were running
//   vllm:kv_cache_usage_perc    gauge   running / MAX_BATCH, or running / 64 when MAX_BATCH is 0
//   vllm:num_preemptions_total  counter always 0 (this proxy never preempts)
//
//   node metrics-proxy.mjs
// Environment: HOST (127.0.0.1), PORT (18100), UPSTREAM (http://127.0.0.1:18101), MAX_BATCH (0 =
// unlimited), MODEL_NAME (independent-mock), SCRAPE_LOG (a file: one JSON line per /metrics
// answer, {"t_ms": wall clock ms, "running", "waiting"}, what this proxy served, for the check).
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import client from 'prom-client';

const HOST = process.env.HOST || '127.0.0.1';
const PORT = Number(process.env.PORT || 18100);
const UPSTREAM = new URL(process.env.UPSTREAM || 'http://127.0.0.1:18101');
const MAX_BATCH = Number(process.env.MAX_BATCH || 0);
const MODEL_NAME = process.env.MODEL_NAME || 'independent-mock';
const SCRAPE_LOG = process.env.SCRAPE_LOG || '';
const CACHE_BLOCKS = MAX_BATCH > 0 ? MAX_BATCH : 64;

let running = 0;
const queue = []; // admit() callbacks of requests held back by MAX_BATCH, first come first served

const registry = new client.Registry();
const labels = { model_name: MODEL_NAME };
// collect() runs on every scrape, so each value is the count at the moment prom-client renders it.
new client.Gauge({
    name: 'vllm:num_requests_running', help: 'Number of requests this proxy is forwarding to the server.',
    labelNames: ['model_name'], registers: [registry],
    collect() { this.set(labels, running); },
});
new client.Gauge({
    name: 'vllm:num_requests_waiting', help: 'Number of requests held back because MAX_BATCH were running.',
    labelNames: ['model_name'], registers: [registry],
    collect() { this.set(labels, queue.length); },
});
new client.Gauge({
    name: 'vllm:kv_cache_usage_perc', help: 'Running requests over MAX_BATCH (or over 64 when unlimited), 1 = full.',
    labelNames: ['model_name'], registers: [registry],
    collect() { this.set(labels, running / CACHE_BLOCKS); },
});
new client.Counter({
    name: 'vllm:num_preemptions_total', help: 'Preemptions (this proxy never preempts).',
    labelNames: ['model_name'], registers: [registry],
}).inc(labels, 0);

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function release() {
    running -= 1;
    while (queue.length > 0 && (MAX_BATCH <= 0 || running < MAX_BATCH))
        queue.shift()();
}

// forward: send the request upstream now and pipe the answer back. When `counted`, it is one of
// the running requests until the client's response has finished or its connection closed.
function forward(req, res, body, counted) {
    let done = false;
    if (counted) {
        running += 1;
        res.on('close', () => { if (!done) { done = true; release(); } });
    }
    const headers = { ...req.headers, host: UPSTREAM.host };
    for (const h of HOP_BY_HOP) delete headers[h];
    headers['content-length'] = String(body.length);
    const up = http.request({
        host: UPSTREAM.hostname, port: UPSTREAM.port, method: req.method, path: req.url, headers, agent,
    }, (upRes) => {
        const back = { ...upRes.headers };
        for (const h of HOP_BY_HOP) delete back[h]; // this connection's own, not the upstream one's
        res.writeHead(upRes.statusCode, back);
        res.flushHeaders();
        upRes.pipe(res);
    });
    up.setNoDelay(true);
    up.on('error', (err) => {
        if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: `upstream: ${err.message}` } }));
        } else {
            res.destroy(err);
        }
    });
    up.end(body);
}

const server = http.createServer((req, res) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && path === '/metrics') {
        registry.metrics().then((text) => {
            if (SCRAPE_LOG) { // written before the answer is sent, so a scraper that has its answer finds it logged
                fs.appendFileSync(SCRAPE_LOG, JSON.stringify({
                    t_ms: performance.timeOrigin + performance.now(), running, waiting: queue.length,
                }) + '\n');
            }
            res.writeHead(200, { 'content-type': registry.contentType });
            res.end(text);
        }, (err) => { res.writeHead(500); res.end(String(err)); });
        return;
    }
    // The request body is small: read it whole, then forward it now or when a slot frees up.
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => {
        const body = Buffer.concat(parts);
        const counted = req.method === 'POST' && path.endsWith('/chat/completions');
        if (!counted || MAX_BATCH <= 0 || running < MAX_BATCH) {
            forward(req, res, body, counted);
            return;
        }
        const admit = () => forward(req, res, body, true);
        queue.push(admit);
        res.on('close', () => { // gave up while waiting
            const i = queue.indexOf(admit);
            if (i >= 0) queue.splice(i, 1);
        });
    });
});
server.keepAliveTimeout = 60000;
server.on('connection', (s) => s.setNoDelay(true));
server.listen(PORT, HOST, () => {
    console.log(`metrics-proxy on http://${HOST}:${PORT} -> ${UPSTREAM.origin}, MAX_BATCH ${MAX_BATCH || 'unlimited'}, `
        + `prom-client ${JSON.parse(fs.readFileSync(new URL('./node_modules/prom-client/package.json', import.meta.url))).version}`);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(0));
