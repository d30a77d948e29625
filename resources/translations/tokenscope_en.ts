<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Diagnosis</name>
    <message numerus="yes">
        <location filename="../../app/probe/diagnosis.cpp" line="+423"/>
        <source>The stream began (HTTP %1, %n text chunk(s)), then the server sent overloaded_error: it ran out of capacity for the request.</source>
        <translation>
            <numerusform>The stream began (HTTP %1, %n text chunk), then the server sent overloaded_error: it ran out of capacity for the request.</numerusform>
            <numerusform>The stream began (HTTP %1, %n text chunks), then the server sent overloaded_error: it ran out of capacity for the request.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+124"/>
        <source>The server had answered HTTP %1 and sent %n text chunk(s) before this happened.</source>
        <translation>
            <numerusform>The server had answered HTTP %1 and sent %n text chunk before this happened.</numerusform>
            <numerusform>The server had answered HTTP %1 and sent %n text chunks before this happened.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>%n chunk(s) arrived with &quot;choices&quot;: [] and no text.</source>
        <translation>
            <numerusform>%n chunk arrived with &quot;choices&quot;: [] and no text.</numerusform>
            <numerusform>%n chunks arrived with &quot;choices&quot;: [] and no text.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Yet the server counts %n output token(s): the model may produce only hidden reasoning or tool calls, which TokenScope cannot time.</source>
        <translation>
            <numerusform>Yet the server counts %n output token: the model may produce only hidden reasoning or tool calls, which TokenScope cannot time.</numerusform>
            <numerusform>Yet the server counts %n output tokens: the model may produce only hidden reasoning or tool calls, which TokenScope cannot time.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n event(s) arrived, none with text.</source>
        <translation>
            <numerusform>%n event arrived, none with text.</numerusform>
            <numerusform>%n events arrived, none with text.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>The answer stopped after %n text chunk(s) without %1, which says an answer is complete.</source>
        <translation>
            <numerusform>The answer stopped after %n text chunk without %1, which says an answer is complete.</numerusform>
            <numerusform>The answer stopped after %n text chunks without %1, which says an answer is complete.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>The model answered with %n token(s).</source>
        <translation>
            <numerusform>The model answered with %n token.</numerusform>
            <numerusform>The model answered with %n tokens.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>HTTP %1, first token after %2 ms, %n output token(s), usage reported.</source>
        <translation>
            <numerusform>HTTP %1, first token after %2 ms, %n output token, usage reported.</numerusform>
            <numerusform>HTTP %1, first token after %2 ms, %n output tokens, usage reported.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MeasurementCheck</name>
    <message numerus="yes">
        <location filename="../../app/stats/measurementcheck.cpp" line="+66"/>
        <source>the client used %1 % of the %n usable core(s) it had: it competed with itself for CPU. Run fewer streams, use --transport curl, or run the client on another machine.</source>
        <translation>
            <numerusform>the client used %1 % of the %n usable core it had: it competed with itself for CPU. Run fewer streams, use --transport curl, or run the client on another machine.</numerusform>
            <numerusform>the client used %1 % of the %n usable cores it had: it competed with itself for CPU. Run fewer streams, use --transport curl, or run the client on another machine.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+68"/>
        <source>client CPU %1 % of %n core(s)</source>
        <translation>
            <numerusform>client CPU %1 % of %n core</numerusform>
            <numerusform>client CPU %1 % of %n cores</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunReading</name>
    <message numerus="yes">
        <location filename="../../app/stats/runreading.cpp" line="+247"/>
        <source>%1 of %n request(s) failed (%2%); the latencies below cover completed requests only.</source>
        <translation>
            <numerusform>%1 of %n request failed (%2%); the latencies below cover completed requests only.</numerusform>
            <numerusform>%1 of %n requests failed (%2%); the latencies below cover completed requests only.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::ConversationBox</name>
    <message numerus="yes">
        <location filename="../../ui/conversationbox.cpp" line="+146"/>
        <source>a new message of %n token(s)</source>
        <translation>
            <numerusform>a new message of %n token</numerusform>
            <numerusform>a new message of %n tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::Dataset</name>
    <message numerus="yes">
        <location filename="../../app/workload/dataset.cpp" line="+52"/>
        <source>…and %n more</source>
        <translation>
            <numerusform>…and %n more</numerusform>
            <numerusform>…and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+239"/>
        <source>%n without a human turn</source>
        <translation>
            <numerusform>%n without a human turn</numerusform>
            <numerusform>%n without a human turn</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n without a reply to the first human turn</source>
        <translation>
            <numerusform>%n without a reply to the first human turn</numerusform>
            <numerusform>%n without a reply to the first human turn</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::HistogramChart</name>
    <message numerus="yes">
        <location filename="../../ui/charts/histogramchart.cpp" line="+347"/>
        <source>Last bar: %n far-out value(s) above %1 ms, up to %2 ms</source>
        <translation>
            <numerusform>Last bar: %n far-out value above %1 ms, up to %2 ms</numerusform>
            <numerusform>Last bar: %n far-out values above %1 ms, up to %2 ms</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::HistoryView</name>
    <message numerus="yes">
        <location filename="../../ui/history/historyview.cpp" line="+420"/>
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n run</numerusform>
            <numerusform>%n runs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%1 of %n run(s) shown</source>
        <translation>
            <numerusform>%1 of %n run shown</numerusform>
            <numerusform>%1 of %n runs shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · %n selected</source>
        <translation>
            <numerusform> · %n selected</numerusform>
            <numerusform> · %n selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+68"/>
        <source>Delete %n run(s) with all their requests? This cannot be undone.</source>
        <translation>
            <numerusform>Delete %n run with all their requests? This cannot be undone.</numerusform>
            <numerusform>Delete %n runs with all their requests? This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::MainWindow</name>
    <message numerus="yes">
        <location filename="../../ui/views/runstatus.cpp" line="+47"/>
        <source>%n conversation(s) done</source>
        <translation>
            <numerusform>%n conversation done</numerusform>
            <numerusform>%n conversations done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n turn(s) done</source>
        <translation>
            <numerusform>%n turn done</numerusform>
            <numerusform>%n turns done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n done</source>
        <translation>
            <numerusform>%n done</numerusform>
            <numerusform>%n done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n level(s) done</source>
        <translation>
            <numerusform>%n level done</numerusform>
            <numerusform>%n levels done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>about %n more</source>
        <extracomment>the levels a sweep or a max-rate search is expected to run still, the current one included</extracomment>
        <translation>
            <numerusform>about %n more</numerusform>
            <numerusform>about %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>Run cancelled; the %n finished request(s) are kept.</source>
        <translation>
            <numerusform>Run cancelled; the %n finished request is kept.</numerusform>
            <numerusform>Run cancelled; the %n finished requests are kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Run finished · %1 · %n request(s) measured.</source>
        <translation>
            <numerusform>Run finished · %1 · %n request measured.</numerusform>
            <numerusform>Run finished · %1 · %n requests measured.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Run finished · %1 · %n request(s) measured. %2</source>
        <extracomment>%2: how a sweep or a max-rate search ended, e.g. the rate it found</extracomment>
        <translation>
            <numerusform>Run finished · %1 · %n request measured. %2</numerusform>
            <numerusform>Run finished · %1 · %n requests measured. %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n level(s) did not keep their schedule: hover the highlighted Load cells in Runs.</source>
        <translation>
            <numerusform>%n level did not keep their schedule: hover the highlighted Load cells in Runs.</numerusform>
            <numerusform>%n levels did not keep their schedule: hover the highlighted Load cells in Runs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>%n level(s) sent prompts off their length: hover the highlighted Input tokens cells.</source>
        <translation>
            <numerusform>%n level sent prompts off their length: hover the highlighted Input tokens cells.</numerusform>
            <numerusform>%n levels sent prompts off their length: hover the highlighted Input tokens cells.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n level(s) had answers that stopped before max_tokens: hover the highlighted TPOT cells.</source>
        <translation>
            <numerusform>%n level had answers that stopped before max_tokens: hover the highlighted TPOT cells.</numerusform>
            <numerusform>%n levels had answers that stopped before max_tokens: hover the highlighted TPOT cells.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>No server figures: none of the %n scrape(s) of %1 succeeded.</source>
        <translation>
            <numerusform>No server figures: none of the %n scrape of %1 succeeded.</numerusform>
            <numerusform>No server figures: none of the %n scrapes of %1 succeeded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Server metrics from %1: %2 of %n scrape(s) succeeded.</source>
        <translation>
            <numerusform>Server metrics from %1: %2 of %n scrape succeeded.</numerusform>
            <numerusform>Server metrics from %1: %2 of %n scrapes succeeded.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n scrape(s) failed.</source>
        <translation>
            <numerusform>%n scrape failed.</numerusform>
            <numerusform>%n scrapes failed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+25"/>
        <source>%n sample(s) left out: a scrape exposed more series than are kept.</source>
        <translation>
            <numerusform>%n sample left out: a scrape exposed more series than are kept.</numerusform>
            <numerusform>%n samples left out: a scrape exposed more series than are kept.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n server value(s) out of range not taken as figures.</source>
        <translation>
            <numerusform>%n server value out of range not taken as figures.</numerusform>
            <numerusform>%n server values out of range not taken as figures.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::ProfilePanel</name>
    <message numerus="yes">
        <location filename="../../ui/profiles/profilepanel.cpp" line="+412"/>
        <source>%n model(s) listed by the endpoint.</source>
        <translation>
            <numerusform>%n model listed by the endpoint.</numerusform>
            <numerusform>%n models listed by the endpoint.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::RequestDetailView</name>
    <message numerus="yes">
        <location filename="../../ui/views/requestdetailview.cpp" line="+183"/>
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n chunk</numerusform>
            <numerusform>%n chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+227"/>
        <source>%n output token(s) (usage)</source>
        <translation>
            <numerusform>%n output token (usage)</numerusform>
            <numerusform>%n output tokens (usage)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n output token(s) (counted chunks)</source>
        <translation>
            <numerusform>%n output token (counted chunks)</numerusform>
            <numerusform>%n output tokens (counted chunks)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <location line="+1"/>
        <source>%n input token(s)</source>
        <translation>
            <numerusform>%n input token</numerusform>
            <numerusform>%n input tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-1"/>
        <source> (%n cached)</source>
        <translation>
            <numerusform> (%n cached)</numerusform>
            <numerusform> (%n cached)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n read(s)</source>
        <translation>
            <numerusform>%n read</numerusform>
            <numerusform>%n reads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n SSE event(s)</source>
        <translation>
            <numerusform>%n SSE event</numerusform>
            <numerusform>%n SSE events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n connection(s) opened</source>
        <translation>
            <numerusform>%n connection opened</numerusform>
            <numerusform>%n connections opened</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::RequestsPane</name>
    <message numerus="yes">
        <location filename="../../ui/views/requestspane.cpp" line="+239"/>
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n request</numerusform>
            <numerusform>%n requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> + %n warm-up(s)</source>
        <translation>
            <numerusform> + %n warm-up</numerusform>
            <numerusform> + %n warm-ups</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %n failed</source>
        <translation>
            <numerusform> · %n failed</numerusform>
            <numerusform> · %n failed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::RunsTableModel</name>
    <message numerus="yes">
        <location filename="../../ui/models/runstablemodel.cpp" line="+366"/>
        <source>%n request(s) with too few output tokens left out of TPOT and ITL.</source>
        <translation>
            <numerusform>%n request with too few output tokens left out of TPOT and ITL.</numerusform>
            <numerusform>%n requests with too few output tokens left out of TPOT and ITL.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::TokenTimelineChart</name>
    <message numerus="yes">
        <location filename="../../ui/charts/timelinemodel.cpp" line="+480"/>
        <source> (%n more in the same read)</source>
        <translation>
            <numerusform> (%n more in the same read)</numerusform>
            <numerusform> (%n more in the same read)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::TraceBox</name>
    <message numerus="yes">
        <location filename="../../ui/tracebox.cpp" line="+41"/>
        <source>They form %n conversation(s): each turn resends the history with the model&apos;s answers, at its time or when the answer before it ends.</source>
        <translation>
            <numerusform>They form %n conversation: each turn resends the history with the model&apos;s answers, at its time or when the answer before it ends.</numerusform>
            <numerusform>They form %n conversations: each turn resends the history with the model&apos;s answers, at its time or when the answer before it ends.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TokenScope::WorkloadBox</name>
    <message numerus="yes">
        <location filename="../../ui/workloadbox.cpp" line="+64"/>
        <source>(%n more character(s))</source>
        <translation>
            <numerusform>(%n more character)</numerusform>
            <numerusform>(%n more characters)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+213"/>
        <source>≈ %n token(s) (estimate)</source>
        <translation>
            <numerusform>≈ %n token (estimate)</numerusform>
            <numerusform>≈ %n tokens (estimate)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+114"/>
        <source>and %n more problem(s)</source>
        <translation>
            <numerusform>and %n more problem</numerusform>
            <numerusform>and %n more problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n prompt(s). %1</source>
        <extracomment>%1: how the format was decided, e.g. JSONL whose first line has &quot;prompt&quot;: vLLM custom.</extracomment>
        <translation>
            <numerusform>%n prompt. %1</numerusform>
            <numerusform>%n prompts. %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n entry(s) skipped: %1</source>
        <translation>
            <numerusform>%n entry skipped: %1</numerusform>
            <numerusform>%n entries skipped: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+57"/>
        <source>calibrated: the server counts %1 tokens (%n probe(s))</source>
        <translation>
            <numerusform>calibrated: the server counts %1 tokens (%n probe)</numerusform>
            <numerusform>calibrated: the server counts %1 tokens (%n probes)</numerusform>
        </translation>
    </message>
</context>
</TS>
