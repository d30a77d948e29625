<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>CompareHeadline</name>
    <message>
        <location filename="../../ui/history/compareheadline.cpp" line="+37"/>
        <source>%1 of %2 (%3%)</source>
        <translation>%1 / %2（%3%）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 &lt;b style=&quot;color:%6&quot;&gt;%2&lt;/b&gt; (%3 vs %4 %5)</source>
        <extracomment>%1 metric name, %2 signed % change, %3 run&apos;s value, %4 baseline&apos;s value, %5 unit</extracomment>
        <translation>%1 &lt;b style=&quot;color:%6&quot;&gt;%2&lt;/b&gt;（%3 vs %4 %5）</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>%1 is &lt;b&gt;about as fast as&lt;/b&gt; the baseline %2 (the differences are within noise).</source>
        <translation>%1 与基线 %2 &lt;b&gt;速度相当&lt;/b&gt;（差异在噪声范围内）。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Failures, not speed, explain the throughput drop: %1 lost %2 of its requests, and the decode speed (TPOT) is within noise.</source>
        <translation>吞吐量下降的原因是失败而非速度：%1 的请求中有 %2 失败，而解码速度（TPOT）的差异在噪声范围内。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failures, not speed, explain the throughput gain: the baseline lost %1 of its requests, and the decode speed (TPOT) is within noise.</source>
        <translation>吞吐量提升的原因是失败而非速度：基线的请求中有 %1 失败，而解码速度（TPOT）的差异在噪声范围内。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1 and %2 measured no concurrency level in common: nothing to compare level by level.</source>
        <translation>%1 与 %2 没有共同测量的并发级别：无法逐级对比。</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>%1 is &lt;b style=&quot;color:%3&quot;&gt;faster&lt;/b&gt; than the baseline %2.</source>
        <translation>%1 比基线 %2 &lt;b style=&quot;color:%3&quot;&gt;更快&lt;/b&gt;。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 is &lt;b style=&quot;color:%3&quot;&gt;slower&lt;/b&gt; than the baseline %2.</source>
        <translation>%1 比基线 %2 &lt;b style=&quot;color:%3&quot;&gt;更慢&lt;/b&gt;。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 and the baseline %2 &lt;b&gt;trade off&lt;/b&gt;: some figures are better, others worse.</source>
        <translation>%1 与基线 %2 &lt;b&gt;各有得失&lt;/b&gt;：有些数字更好，另一些更差。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 and the baseline %2 &lt;b&gt;trade off&lt;/b&gt;: one has the higher throughput, the other the shorter requests.</source>
        <translation>%1 与基线 %2 &lt;b&gt;各有优劣&lt;/b&gt;：一方吞吐量更高，另一方请求耗时更短。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 against the baseline %2:</source>
        <translation>%1 对比基线 %2：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>output throughput</source>
        <translation>输出吞吐量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P50</source>
        <translation>TPOT P50</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <location line="+2"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E P50</source>
        <translation>E2E P50</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>failed &lt;b style=&quot;color:%3&quot;&gt;%1&lt;/b&gt; vs %2</source>
        <translation>失败 &lt;b style=&quot;color:%3&quot;&gt;%1&lt;/b&gt; vs %2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Read the failures first: %1 failed %2 of its requests, the baseline %3.</source>
        <translation>请先看失败情况：%1 的请求中有 %2 失败，基线为 %3。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 — %2.</source>
        <extracomment>%1 the figures (&quot;TTFT P50, E2E P50&quot;), %2 why and how they were judged</extracomment>
        <translation>%1 — %2。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>The difference is in the decode speed: each output token takes %1 time (TPOT).</source>
        <translation>差异在于解码速度：每个输出 token 耗时%1（TPOT）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>less</source>
        <translation>更短</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>more</source>
        <translation>更长</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The difference is in the wait for the first token (TTFT), not in the decode speed.</source>
        <translation>差异在于等待首 token 的时间（TTFT），而不在于解码速度。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>concurrency %1</source>
        <extracomment>the level a comparison headline speaks of: a closed-loop concurrency</extracomment>
        <translation>并发 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 At %2: %3. %4</source>
        <extracomment>%1 the verdict sentence, %2 the level (&quot;concurrency 4&quot; or a rate such as &quot;r=40/s c≤4&quot;), %3 the figures, %4 the cause sentence (may be empty)</extracomment>
        <translation>%1 在 %2：%3。%4</translation>
    </message>
</context>
<context>
    <name>CompareInput</name>
    <message>
        <location filename="../../ui/history/compareinput.cpp" line="+18"/>
        <source>Run %1 could not be read: %2</source>
        <translation>无法读取运行 %1：%2</translation>
    </message>
</context>
<context>
    <name>Comparison</name>
    <message>
        <location filename="../../app/stats/comparison.cpp" line="+254"/>
        <location line="+368"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="-361"/>
        <source>%1 x concurrency</source>
        <translation>%1 × 并发数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>direct</source>
        <translation>直连</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>system proxy</source>
        <translation>系统代理</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Qt network</source>
        <translation>Qt 网络</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>libcurl, busy-poll</source>
        <translation>libcurl，忙轮询</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Error rate (%)</source>
        <translation>错误率 (%)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P50 (ms)</source>
        <translation>TTFT P50 (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P95 (ms)</source>
        <translation>TTFT P95 (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P50 (ms)</source>
        <translation>TPOT P50 (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P95 (ms)</source>
        <translation>TPOT P95 (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ITL P50 (ms)</source>
        <translation>ITL P50 (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E P50 (ms)</source>
        <translation>E2E P50 (ms)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output (tok/s)</source>
        <translation>输出 (tok/s)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requests (req/s)</source>
        <translation>请求 (req/s)</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt length</source>
        <translation>提示词长度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Concurrency levels</source>
        <translation>并发级别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Warm-up requests</source>
        <translation>预热请求数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requests per level</source>
        <translation>每级请求数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTTP version</source>
        <translation>HTTP 版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Proxy</source>
        <translation>代理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pre-connect</source>
        <translation>预连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Usage in stream</source>
        <translation>流中返回用量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Extra body</source>
        <translation>附加请求体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TokenScope version</source>
        <translation>TokenScope 版本</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 chars</source>
        <translation>%1 个字符</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>The runs have the same inputs: any difference comes from the endpoint or the network over time.</source>
        <translation>这些运行的输入完全相同：任何差异都来自端点或网络随时间的变化。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Only one input differs (%1): the comparison isolates it.</source>
        <translation>只有一项输入不同（%1）：此对比单独反映了它的影响。</translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <location filename="../../app/probe/diagnosis.cpp" line="+111"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The test request was stopped before it finished.</source>
        <translation>测试请求在完成前被停止。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A run will refuse this Base URL</source>
        <translation>运行时将拒绝此 Base URL</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The Base URL cannot be used</source>
        <translation>此 Base URL 无法使用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The Base URL is empty.</source>
        <translation>Base URL 为空。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is not an http:// or https:// address with a host name.</source>
        <translation>%1 不是带主机名的 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the address your provider prints in its API documentation, for example https://api.example.com/v1 or http://127.0.0.1:8000/v1.</source>
        <translation>请输入服务商在其 API 文档中给出的地址，例如 https://api.example.com/v1 或 http://127.0.0.1:8000/v1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The settings are incomplete</source>
        <translation>设置不完整</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing was sent, because: %1</source>
        <translation>未发送任何内容，原因：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fix the setting and test again.</source>
        <translation>请修正设置后重新测试。</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>The server said: %1</source>
        <translation>服务器返回：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No API key is set: enter the key your provider gave you.</source>
        <translation>未设置 API 密钥：请输入服务商提供给你的密钥。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The key starts or ends with a space or a line break, probably copied along with it: remove it.</source>
        <translation>密钥的开头或结尾有空格或换行符，可能是复制时一并带入的：请将其删除。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The key itself starts with &quot;Bearer &quot;: TokenScope adds that word, so enter only the key.</source>
        <translation>密钥本身以 &quot;Bearer &quot; 开头：TokenScope 会自动添加该词，因此只需输入密钥。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>TokenScope sends the key as the header &quot;Authorization: Bearer &lt;key&gt;&quot;, the OpenAI format.</source>
        <translation>TokenScope 以请求头 &quot;Authorization: Bearer &lt;key&gt;&quot; 发送密钥，即 OpenAI 格式。</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+28"/>
        <source>The server asks for: %1.</source>
        <translation>服务器要求：%1。</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Custom headers sent: %1.</source>
        <translation>已发送的自定义请求头：%1。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The server rejected the API key (HTTP 401)</source>
        <translation>服务器拒绝了 API 密钥（HTTP 401）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Check that the key is complete, not revoked, and belongs to this provider (a key from another provider or account is refused the same way).</source>
        <translation>请检查密钥是否完整、未被吊销，且属于该服务商（其他服务商或账户的密钥也会以同样方式被拒绝）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Access refused (HTTP 403)</source>
        <translation>访问被拒绝（HTTP 403）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server understood the request but does not allow it: the key may lack access to this model or endpoint, the account may be out of credit, or a firewall or gateway blocks the request.</source>
        <translation>服务器理解该请求，但不允许执行：密钥可能无权访问此模型或端点，账户可能余额不足，或者防火墙或网关拦截了请求。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check the model ID and the key&apos;s permissions in the provider&apos;s console.</source>
        <translation>请在服务商的控制台中检查模型 ID 和密钥的权限。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The Base URL %1 contains /v1 twice.</source>
        <translation>Base URL %1 中包含两次 /v1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The Base URL %1 already ends with the endpoint path, which TokenScope appends itself.</source>
        <translation>Base URL %1 已以端点路径结尾，而 TokenScope 会自行追加该路径。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type this as the Base URL instead: %1</source>
        <translation>请改为输入以下 Base URL：%1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>TokenScope requested %1 and the server has nothing there.</source>
        <translation>TokenScope 请求了 %1，但服务器上该地址不存在。</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Most OpenAI-compatible servers expect the Base URL to end in /v1: try %1.</source>
        <translation>大多数 OpenAI 兼容服务器要求 Base URL 以 /v1 结尾：请尝试 %1。</translation>
    </message>
    <message>
        <location line="-127"/>
        <source>A subscription login is not an API key</source>
        <translation>订阅登录凭据不是 API 密钥</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The key has the shape of a login token (an OAuth access token), not of an API key.</source>
        <translation>该密钥的形式是登录令牌（OAuth 访问令牌），而不是 API 密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server&apos;s answer speaks of an OAuth, session or subscription login rather than an API key.</source>
        <translation>服务器的响应提到的是 OAuth、会话或订阅登录，而不是 API 密钥。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signing in with a subscription, as Claude Code or Codex do, gives a token that works only in the provider&apos;s own apps; the API refuses it.</source>
        <translation>像 Claude Code 或 Codex 那样通过订阅登录，得到的令牌只能在服务商自己的应用中使用；API 会拒绝它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Create an API key in the provider&apos;s console (Anthropic: console.anthropic.com, API keys; OpenAI: platform.openai.com, API keys) and enter that key instead.</source>
        <translation>请在服务商的控制台中创建 API 密钥（Anthropic：console.anthropic.com 的 API keys；OpenAI：platform.openai.com 的 API keys），并改为输入该密钥。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The key itself starts with &quot;Bearer &quot;: x-api-key takes the bare key, so enter only the key.</source>
        <translation>密钥本身以 &quot;Bearer &quot; 开头：x-api-key 只接受密钥本身，因此只需输入密钥。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>This is Anthropic&apos;s API or an Anthropic key: choose the API kind &quot;anthropic&quot;, which sends the key as &quot;x-api-key&quot; with &quot;anthropic-version&quot;.</source>
        <translation>这是 Anthropic 的 API 或 Anthropic 的密钥：请选择 API 类型 &quot;anthropic&quot;，它会以 &quot;x-api-key&quot; 发送密钥，并附带 &quot;anthropic-version&quot;。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Some gateways want the key in another header (Azure OpenAI: &quot;api-key&quot;); add it under the profile&apos;s custom headers.</source>
        <translation>有些网关要求将密钥放在其他请求头中（Azure OpenAI：&quot;api-key&quot;）；请在端点配置的自定义请求头中添加它。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>TokenScope sends the key as the header &quot;x-api-key: &lt;key&gt;&quot; with &quot;anthropic-version: %1&quot;, Anthropic&apos;s format: enter an Anthropic API key, the value ANTHROPIC_API_KEY holds, not a Bearer token.</source>
        <translation>TokenScope 以请求头 &quot;x-api-key: &lt;key&gt;&quot; 发送密钥，并附带 &quot;anthropic-version: %1&quot;，即 Anthropic 格式：请输入 Anthropic API 密钥（即 ANTHROPIC_API_KEY 中保存的值），而不是 Bearer 令牌。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This key does not start with &quot;sk-ant-&quot; as Anthropic&apos;s keys do: a key of another provider is refused, unless a gateway hands out keys of its own.</source>
        <translation>此密钥不像 Anthropic 的密钥那样以 &quot;sk-ant-&quot; 开头：其他服务商的密钥会被拒绝，除非网关自行发放密钥。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A custom x-api-key header replaces the key entered in the profile: check its value or remove it.</source>
        <translation>自定义的 x-api-key 请求头会替换端点配置中输入的密钥：请检查其值或将其删除。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A custom Authorization header is sent too: Anthropic&apos;s API reads x-api-key; an Authorization header is for a gateway that wants a Bearer token.</source>
        <translation>同时还发送了自定义的 Authorization 请求头：Anthropic 的 API 读取的是 x-api-key；Authorization 请求头适用于要求 Bearer 令牌的网关。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A gateway that wants a Bearer token instead (what Claude Code sends from ANTHROPIC_AUTH_TOKEN) needs the header &quot;Authorization: Bearer &lt;token&gt;&quot;, which tokenscope-cli sends with --header.</source>
        <translation>如果网关改为要求 Bearer 令牌（即 Claude Code 根据 ANTHROPIC_AUTH_TOKEN 发送的内容），则需要请求头 &quot;Authorization: Bearer &lt;token&gt;&quot;，tokenscope-cli 可通过 --header 发送它。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Many OpenAI-compatible servers and gateways have no /responses endpoint, only /chat/completions: choose the API kind &quot;chat&quot; for them.</source>
        <translation>许多 OpenAI 兼容的服务器和网关没有 /responses 端点，只有 /chat/completions：对于它们，请选择 API 类型 &quot;chat&quot;。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No Responses endpoint at this address (HTTP 404)</source>
        <translation>此地址下没有 Responses 端点（HTTP 404）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Enter the Base URL exactly as the provider prints it; TokenScope appends %1 to it.</source>
        <translation>请严格按服务商给出的形式输入 Base URL；TokenScope 会在其后追加 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Some servers also answer 404 for an unknown model ID: check the model name.</source>
        <translation>有些服务器对未知的模型 ID 也会返回 404：请检查模型名称。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing found at this address (HTTP 404)</source>
        <translation>此地址下未找到任何内容（HTTP 404）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>For Anthropic, enter the Base URL as ANTHROPIC_BASE_URL holds it, without /v1 (e.g. https://api.anthropic.com): TokenScope appends /v1/messages, or only /messages to a Base URL that already ends in /v1.</source>
        <translation>对于 Anthropic，请按 ANTHROPIC_BASE_URL 中保存的形式输入 Base URL，不带 /v1（例如 https://api.anthropic.com）：TokenScope 会追加 /v1/messages；如果 Base URL 已以 /v1 结尾，则只追加 /messages。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Some gateways want the Base URL without its /v1: try %1.</source>
        <translation>有些网关要求 Base URL 不带 /v1：请尝试 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A gateway that serves Anthropic&apos;s API under a path of its own (e.g. https://gateway.example.com/anthropic) needs exactly that path: check %1 against the gateway&apos;s documentation.</source>
        <translation>在自有路径下提供 Anthropic API 的网关（例如 https://gateway.example.com/anthropic）需要完全一致的路径：请对照网关的文档检查 %1。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The server speaks Anthropic&apos;s Messages API, which needs the anthropic-version header: choose the API kind &quot;anthropic&quot;, which sends it (and the key as x-api-key).</source>
        <translation>该服务器使用 Anthropic 的 Messages API，它需要 anthropic-version 请求头：请选择 API 类型 &quot;anthropic&quot;，它会发送该请求头（并以 x-api-key 发送密钥）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Your custom anthropic-version header replaces the one TokenScope sends (%1): remove it, or set it to a version the server accepts such as %1.</source>
        <translation>你的自定义 anthropic-version 请求头会替换 TokenScope 发送的请求头（%1）：请将其删除，或设为服务器接受的版本，例如 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>TokenScope sent &quot;anthropic-version: %1&quot;, so a proxy or gateway between must have dropped or changed it: check its header settings.</source>
        <translation>TokenScope 已发送 &quot;anthropic-version: %1&quot;，因此一定是中间的代理或网关丢弃或更改了它：请检查其请求头设置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The anthropic-version header is missing or wrong (HTTP 400)</source>
        <translation>anthropic-version 请求头缺失或有误（HTTP 400）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rate limited (HTTP 429)</source>
        <translation>请求被限流（HTTP 429）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The provider limits how many requests or tokens you may send per minute, and this key is over the limit right now.</source>
        <translation>服务商限制了每分钟可发送的请求数或 token 数，此密钥目前已超出限制。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server asks to wait %1 s before retrying (Retry-After).</source>
        <translation>服务器要求等待 %1 秒后再重试（Retry-After）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wait and test again. A benchmark at high concurrency will hit this limit more often: lower the concurrency or ask the provider for a higher limit.</source>
        <translation>请稍候再测试。高并发的基准测试会更频繁地触发此限制：请降低并发，或向服务商申请更高的限额。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The server is overloaded (HTTP 529)</source>
        <translation>服务器过载（HTTP 529）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The server is overloaded</source>
        <translation>服务器过载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>It answered overloaded_error: it has no capacity for the request right now.</source>
        <translation>它返回了 overloaded_error：目前没有处理该请求的容量。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The stream began (HTTP %1, %n text chunk(s)), then the server sent overloaded_error: it ran out of capacity for the request.</source>
        <translation>
            <numerusform>流已开始（HTTP %1，%n 个文本分块），随后服务器发送了 overloaded_error：它已没有处理该请求的容量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing in your settings causes this: retry later. Under load a benchmark meets it more often; such failures measure the provider&apos;s capacity, not your setup.</source>
        <translation>这不是你的设置导致的：请稍后重试。负载较高时，基准测试会更频繁地遇到此情况；这类失败反映的是服务商的容量，而不是你的设置。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The request reached the server, but it failed on the server&apos;s side.</source>
        <translation>请求已到达服务器，但在服务器端处理失败。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 usually comes from a proxy or gateway in front of the model server that could not reach it, or from a server that is overloaded or starting up.</source>
        <translation>%1 通常来自模型服务器前方无法连接到它的代理或网关，或者来自过载或正在启动的服务器。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing in your settings causes this: try again in a minute, and if it persists, tell the provider.</source>
        <translation>这不是你的设置导致的：请一分钟后重试，如果问题持续存在，请告知服务商。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server failed (HTTP %1)</source>
        <translation>服务器出错（HTTP %1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server refused the request.</source>
        <translation>服务器拒绝了该请求。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Often the model ID is unknown or the server does not accept a parameter: check the model ID and the extra body JSON.</source>
        <translation>通常是模型 ID 未知，或服务器不接受某个参数：请检查模型 ID 和附加请求体 JSON。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The request was refused (HTTP %1)</source>
        <translation>请求被拒绝（HTTP %1）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The request went through the profile&apos;s proxy %1: check that it is reachable.</source>
        <translation>请求经过了端点配置中的代理 %1：请检查该代理是否可达。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The profile uses the system proxy settings: %1. Check that the proxy is reachable and that NO_PROXY lists hosts that must be reached directly (e.g. localhost,127.0.0.1).</source>
        <translation>此端点配置使用系统代理设置：%1。请检查代理是否可达，以及 NO_PROXY 是否列出了必须直连的主机（例如 localhost,127.0.0.1）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Proxy variables are set in this environment (%1), but this profile connects directly (proxy: none). If this network needs that proxy, set the profile&apos;s proxy to &quot;system&quot;.</source>
        <translation>当前环境中设置了代理变量（%1），但此端点配置为直连（代理：none）。如果此网络需要该代理，请将端点配置的代理设为 &quot;system&quot;（系统设置）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Nothing is listening at %1</source>
        <translation>%1 上没有服务在监听</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The connection was refused: no server accepts connections at this host and port.</source>
        <translation>连接被拒绝：此主机和端口上没有接受连接的服务器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the host name and the port in the Base URL, and that the server is running.</source>
        <translation>请检查 Base URL 中的主机名和端口，并确认服务器正在运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The host name cannot be found</source>
        <translation>找不到主机名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 could not be resolved to an address.</source>
        <translation>无法将 %1 解析为地址。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the Base URL for typos. On a company network you may need a VPN or a proxy.</source>
        <translation>请检查 Base URL 是否有拼写错误。在公司网络中可能需要 VPN 或代理。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No answer in time</source>
        <translation>未及时响应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing arrived for %1 s (the timeout setting).</source>
        <translation>%1 秒内未收到任何数据（超时设置）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server may be overloaded or still loading the model, or a firewall silently drops the connection. Try again, or raise the timeout.</source>
        <translation>服务器可能过载或仍在加载模型，或者防火墙静默丢弃了连接。请重试，或调高超时时间。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server&apos;s certificate is not trusted</source>
        <translation>服务器的证书不受信任</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The secure connection (TLS) failed</source>
        <translation>安全连接（TLS）失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problem: %1.</source>
        <translation>问题：%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that the server speaks https on this port (and not plain http).</source>
        <translation>请检查服务器在此端口上使用的是 https（而不是普通 http）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>If the server uses a private or self-signed certificate authority (common for company gateways and local servers), save that CA&apos;s certificate as a PEM file and choose it under the profile&apos;s &quot;CA certificates&quot; option. TokenScope never switches certificate checks off.</source>
        <translation>如果服务器使用私有或自签名的证书颁发机构（常见于公司网关和本地服务器），请将该 CA 的证书保存为 PEM 文件，并在端点配置的“CA 证书”选项中选择它。TokenScope 从不关闭证书校验。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The CA file %1 is set but does not vouch for this server: check that it is the CA that signed the server&apos;s certificate.</source>
        <translation>已设置 CA 文件 %1，但它无法为此服务器作证：请检查它是否为签发该服务器证书的 CA。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The proxy failed</source>
        <translation>代理出错</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The proxy cannot be reached or refused the request</source>
        <translation>代理无法连接或拒绝了请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This profile sends requests through the proxy %1.</source>
        <translation>此端点配置通过代理 %1 发送请求。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The request went through a proxy from the system settings.</source>
        <translation>请求经过了系统设置中的代理。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check the proxy&apos;s address, port and credentials, and that NO_PROXY lists hosts that must be reached directly (e.g. localhost,127.0.0.1). If this network needs no proxy, set the profile&apos;s proxy to &quot;none&quot;.</source>
        <translation>请检查代理的地址、端口和凭据，以及 NO_PROXY 是否列出了必须直连的主机（例如 localhost,127.0.0.1）。如果此网络不需要代理，请将端点配置的代理设为 &quot;none&quot;（不使用代理）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Details: %1</source>
        <translation>详细信息：%1</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>%1 or data: %2</source>
        <translation>%1 或 data: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The stream ended before its finish signal</source>
        <translation>流在结束信号到达前就终止了</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The answer stopped after %n text chunk(s) without %1, which says an answer is complete.</source>
        <translation>
            <numerusform>响应在 %n 个文本分块后停止，没有收到表示响应已完整的 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The answer is probably cut short: a proxy or load balancer may end long streams early, or the server stopped.</source>
        <translation>响应可能被截断了：代理或负载均衡器可能会提前结束较长的流，或者服务器停止了输出。</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>No HTTP_PROXY, HTTPS_PROXY or NO_PROXY variable is set in this environment.</source>
        <translation>当前环境中未设置 HTTP_PROXY、HTTPS_PROXY 或 NO_PROXY 变量。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proxy variables in this environment: %1.</source>
        <translation>当前环境中的代理变量：%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The connection was closed early</source>
        <translation>连接被提前关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server (or something between) closed the connection before the answer was complete.</source>
        <translation>服务器（或中间的某个环节）在响应完成前关闭了连接。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try again; if it repeats, a proxy or load balancer may cut long streaming responses.</source>
        <translation>请重试；如果反复出现，可能是代理或负载均衡器截断了较长的流式响应。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Redirected to another address</source>
        <translation>被重定向到其他地址</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use the address the server redirects to as the Base URL.</source>
        <translation>请将服务器重定向到的地址用作 Base URL。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+62"/>
        <source>The request failed</source>
        <translation>请求失败</translation>
    </message>
    <message numerus="yes">
        <location line="-58"/>
        <source>The server had answered HTTP %1 and sent %n text chunk(s) before this happened.</source>
        <translation>
            <numerusform>在此之前，服务器已返回 HTTP %1 并发送了 %n 个文本分块。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The server does not stream</source>
        <translation>服务器未进行流式输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It answered with Content-Type %1 (one whole answer at the end) instead of text/event-stream: it ignored &quot;stream&quot;: true.</source>
        <translation>它返回的 Content-Type 为 %1（在最后一次性返回完整响应），而不是 text/event-stream：它忽略了 &quot;stream&quot;: true。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TTFT would be meaningless: the first token arrives together with the last.</source>
        <translation>TTFT 将失去意义：第一个 token 与最后一个同时到达。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Your extra body sets &quot;stream&quot;: false; remove that key.</source>
        <translation>你的附加请求体设置了 &quot;stream&quot;: false；请删除该键。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use an endpoint or gateway that supports streaming.</source>
        <translation>请使用支持流式输出的端点或网关。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The stream carries no text: its chunks have empty &quot;choices&quot;</source>
        <translation>流中没有文本：其分块的 &quot;choices&quot; 为空</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n chunk(s) arrived with &quot;choices&quot;: [] and no text.</source>
        <translation>
            <numerusform>收到 %n 个带有 &quot;choices&quot;: [] 且不含文本的分块。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A gateway may be filtering the output (a content filter) or not forwarding the model&apos;s tokens. Without text, neither TTFT nor TPOT can be measured: try another model or ask the gateway&apos;s operator.</source>
        <translation>网关可能在过滤输出（内容过滤器），或没有转发模型的 token。没有文本就无法测量 TTFT 和 TPOT：请尝试其他模型，或咨询网关的运营方。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The stream carries no text</source>
        <translation>流中没有文本</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Yet the server counts %n output token(s): the model may produce only hidden reasoning or tool calls, which TokenScope cannot time.</source>
        <translation>
            <numerusform>但服务器统计了 %n 个输出 token：模型可能只产生了隐藏的推理内容或工具调用，TokenScope 无法对其计时。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n event(s) arrived, none with text.</source>
        <translation>
            <numerusform>收到 %n 个事件，均不含文本。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check the model ID and the prompt.</source>
        <translation>请检查模型 ID 和提示词。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The server reported an error inside the stream</source>
        <translation>服务器在流中报告了错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The HTTP status was fine, but the stream carried an error.</source>
        <translation>HTTP 状态正常，但流中包含错误。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The stream is not valid</source>
        <translation>流无效</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server sent something that is not a valid event stream: %1</source>
        <translation>服务器发送的内容不是有效的事件流：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A proxy that rewrites responses, or a server that does not speak Anthropic&apos;s Messages API, causes this.</source>
        <translation>这是由改写响应的代理或不支持 Anthropic Messages API 的服务器造成的。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A proxy that rewrites responses, or a server that does not speak OpenAI&apos;s Responses API, causes this.</source>
        <translation>这是由改写响应的代理或不支持 OpenAI Responses API 的服务器造成的。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A proxy that rewrites responses, or a server that is not OpenAI-compatible, causes this.</source>
        <translation>这是由改写响应的代理或不兼容 OpenAI 的服务器造成的。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Unusual content type</source>
        <translation>异常的内容类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The body is an event stream, but the server labels it %1 instead of text/event-stream. TokenScope reads it anyway; some proxies buffer such responses.</source>
        <translation>响应体是事件流，但服务器将其标记为 %1，而不是 text/event-stream。TokenScope 仍会读取它；但有些代理会缓冲此类响应。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No token usage in the stream</source>
        <translation>流中没有 token 用量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic&apos;s Messages API sends token usage in message_start and message_delta, but this server sent no token counts.</source>
        <translation>Anthropic 的 Messages API 会在 message_start 和 message_delta 中发送 token 用量，但此服务器未发送 token 计数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The Responses API sends token usage in response.completed, but this server sent no token counts.</source>
        <translation>Responses API 会在 response.completed 中发送 token 用量，但此服务器未发送 token 计数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TokenScope asked for it (stream_options.include_usage), but the server sent no token counts.</source>
        <translation>TokenScope 已请求用量（stream_options.include_usage），但服务器未发送 token 计数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Usage is switched off for this profile (include_usage), so the server sends no token counts.</source>
        <translation>此端点配置关闭了用量（include_usage），因此服务器不发送 token 计数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens are then counted from text chunks. When a chunk carries several tokens this undercounts them, so TPOT (time per output token) comes out too high, and tokens per chunk cannot be known.</source>
        <translation>此时输出 token 数按文本分块计数。当一个分块包含多个 token 时会少计，导致 TPOT（每个输出 token 的时间）偏高，且无法得知每个分块的 token 数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Switch include_usage on if the server supports it.</source>
        <translation>如果服务器支持，请开启 include_usage。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The answer is too short to compute TPOT</source>
        <translation>响应太短，无法计算 TPOT</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The model answered with %n token(s).</source>
        <translation>
            <numerusform>模型回答了 %n 个 token。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TPOT and ITL need at least %1 (the &quot;min tokens for TPOT&quot; setting); shorter answers are left out of those statistics.</source>
        <translation>TPOT 和 ITL 至少需要 %1 个 token（“TPOT 最少 token 数”设置）；更短的响应不计入这些统计。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>max_tokens is %1, below that minimum: raise max_tokens (256 is the usual setting).</source>
        <translation>max_tokens 为 %1，低于该最小值：请调高 max_tokens（通常设为 256）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model stopped on its own: use a prompt that asks for a longer answer (the default prompt does).</source>
        <translation>模型自行停止了输出：请使用要求更长回答的提示词（默认提示词就是如此）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Several tokens per chunk</source>
        <translation>每个分块包含多个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server sends about %1 tokens per chunk. ITL (the gap between chunks) therefore spans several tokens; TPOT uses the usage count and stays exact.</source>
        <translation>服务器每个分块约发送 %1 个 token。因此 ITL（分块之间的间隔）跨越多个 token；TPOT 使用用量计数，仍然准确。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The endpoint streams correctly</source>
        <translation>端点流式输出正常</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>HTTP %1, first token after %2 ms, %n output token(s), usage reported.</source>
        <translation>
            <numerusform>HTTP %1，首个 token 用时 %2 ms，%n 个输出 token，已报告用量。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>You can run a benchmark. (This first request may include connection setup, so its TTFT can be higher than in a run.)</source>
        <translation>可以开始基准测试了。（这个首次请求可能包含建立连接的时间，因此其 TTFT 可能高于正式运行中的值。）</translation>
    </message>
</context>
<context>
    <name>HelpDialogs</name>
    <message>
        <location filename="../../ui/dialogs/helpdialogs.cpp" line="+37"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>What the numbers mean</source>
        <translation>各项数据的含义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every time is taken on one steady clock from the moment TokenScope posts the request. Warm-up requests are left out of every figure.</source>
        <translation>所有时间均使用同一个稳定时钟，从 TokenScope 发出请求的那一刻起计时。预热请求不计入任何数据。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time to first token: from posting the request to the first streamed event that carries text. It includes connecting, the network and the server&apos;s queue and prefill.</source>
        <translation>首 token 时间：从发出请求到第一个携带文本的流式事件。包括建立连接、网络传输以及服务器的排队和预填充。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT from sent</source>
        <translation>发送后 TTFT</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TTFT minus the time the request was written to the socket: without the client&apos;s own connection setup and queueing.</source>
        <translation>TTFT 减去请求写入套接字的时刻：不含客户端自身建立连接和排队的时间。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time per output token after the first: (last token − first token) ÷ (output tokens − 1), with the server&apos;s token count. Responses shorter than the minimum are left out.</source>
        <translation>首个 token 之后每个输出 token 的时间：(末 token − 首 token) ÷ (输出 token 数 − 1)，使用服务器的 token 计数。短于最小值的响应不计入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ITL</source>
        <translation>ITL</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Inter-chunk latency: the gaps between successive text-bearing chunks. Per chunk, not per token: a server that sends 3 tokens a chunk has an ITL of about 3 × TPOT.</source>
        <translation>分块间延迟：相邻含文本分块之间的间隔。按分块而非按 token 计算：每个分块发送 3 个 token 的服务器，其 ITL 约为 3 × TPOT。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>End to end: from posting the request to its last text-bearing chunk. A failed request has none.</source>
        <translation>端到端：从发出请求到其最后一个含文本的分块。失败的请求没有此值。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPS</source>
        <translation>TPS</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A request&apos;s output tokens ÷ its E2E: includes its TTFT.</source>
        <translation>单个请求的输出 token 数 ÷ 其 E2E：包含其 TTFT。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tok/s</source>
        <translation>输出 tok/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All completed requests&apos; output tokens ÷ the level&apos;s duration, all streams together.</source>
        <translation>所有已完成请求的输出 token 数 ÷ 该级别的持续时间，所有流合计。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Closed loop: that many users, each sending its next request when its previous one ends.</source>
        <translation>闭环：相应数量的用户，每个用户在上一个请求结束后发送下一个请求。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request rate</source>
        <translation>请求速率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Open loop (r=40/s): requests arrive on a schedule at that rate, Poisson, gamma or evenly spaced, whether or not earlier ones have ended; c≤N caps how many are in flight. inf sends a level&apos;s requests all at once.</source>
        <translation>开环（r=40/s）：请求按计划以该速率到达（泊松、伽马或均匀间隔），不论之前的请求是否结束；c≤N 限制同时进行的请求数。inf 表示一次发出该级别的全部请求。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Goodput</source>
        <translation>有效吞吐</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Completed requests that meet every objective set (ttft, tpot, e2el in ms) per second of the level.</source>
        <translation>该级别每秒满足所有已设目标（ttft、tpot、e2el，单位 ms）的已完成请求数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Serving curve</source>
        <translation>服务曲线</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TTFT and TPOT against the throughput each level achieved (completed requests/s). The knee is where median TTFT first exceeds twice that of the lowest load: requests start to queue.</source>
        <translation>TTFT 和 TPOT 与各级别实际吞吐量（每秒完成请求数）的关系。拐点是 TTFT 中位数首次超过最低负载时两倍的位置：请求开始排队。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Completed; completed with failures (N of M failed); failed (no request succeeded); or cancelled (what was measured is kept).</source>
        <translation>已完成；已完成但有失败（M 个中有 N 个失败）；失败（没有请求成功）；或已取消（保留已测量的数据）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The full definitions, and how other tools name the same figures, are in docs/metrics.md.</source>
        <translation>完整定义以及其他工具对这些数据的命名，请参阅 docs/metrics.md。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Metrics explained</source>
        <translation>指标说明</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+29"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>In the charts</source>
        <translation>图表中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Alt+1 … Alt+5</source>
        <translation>Alt+1 … Alt+5</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the timeline, the histograms, throughput, serving curve</source>
        <translation>显示时间线、直方图、吞吐量、服务曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+PgUp / Ctrl+PgDn</source>
        <translation>Ctrl+PgUp / Ctrl+PgDn</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Previous / next chart</source>
        <translation>上一个 / 下一个图表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom the time axis around the pointer</source>
        <translation>以指针为中心缩放时间轴</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift+wheel</source>
        <translation>Shift+滚轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Timeline: zoom the rows around the pointer</source>
        <translation>时间线：以指针为中心缩放行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to the whole run</source>
        <translation>恢复显示整个运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a row</source>
        <translation>单击一行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Timeline: open that request in the Requests tab</source>
        <translation>时间线：在“请求数”标签页中打开该请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hover</source>
        <translation>悬停</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Read the value under the pointer</source>
        <translation>读取指针处的数值</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../../ui/language.cpp" line="+102"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System Language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The new language is used from the next start. Restart now?</source>
        <translation>新语言将在下次启动时生效。现在重新启动吗？</translation>
    </message>
</context>
<context>
    <name>MeasurementCheck</name>
    <message>
        <location filename="../../app/stats/measurementcheck.cpp" line="+40"/>
        <source>the thread that timestamps reads handled its 1 ms probe up to %1 ms late (p99; worst %2 ms), so a chunk&apos;s arrival may be recorded as late</source>
        <translation>负责为读取打时间戳的线程处理其 1 ms 探测时最多延迟了 %1 ms（p99；最差 %2 ms），因此分块的到达时间可能被记录得偏晚</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>: the client was too busy. Run fewer streams%1, or run the client on a machine with more cores than the server leaves free.</source>
        <translation>：客户端过于繁忙。请减少流数量%1，或在除去服务器占用后仍有更多空闲核心的机器上运行客户端。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, use --transport curl</source>
        <translation>、使用 --transport curl</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: the machine&apos;s CPUs were %1 % in use, the client&apos;s share %2 %, so other work (a server or simulator on this machine, a build) kept the thread waiting. Run the server on another machine, run fewer streams, or measure on a quiet machine.</source>
        <translation>：本机 CPU 使用率为 %1 %，其中客户端占 %2 %，因此其他工作（本机上的服务器或模拟器、编译任务）让该线程处于等待。请在另一台机器上运行服务器、减少流数量，或在空闲的机器上测量。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> although its workers busy-polled: another process took the CPU.</source>
        <translation>，尽管其工作线程处于忙轮询：有其他进程占用了 CPU。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>: the client was mostly idle, and an idle CPU takes time to wake up. For one or a few streams use --transport curl --busy-poll, or keep a CPU busy during the run.</source>
        <translation>：客户端大部分时间处于空闲状态，而空闲的 CPU 需要时间才能唤醒。只有一个或少数几个流时，请使用 --transport curl --busy-poll，或在运行期间让一个 CPU 保持繁忙。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>the client used %1 % of the %n usable core(s) it had: it competed with itself for CPU. Run fewer streams, use --transport curl, or run the client on another machine.</source>
        <translation>
            <numerusform>客户端使用了其 %n 个可用核心的 %1 %：它在与自身争抢 CPU。请减少流数、使用 --transport curl，或在另一台机器上运行客户端。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+68"/>
        <source>client CPU %1 % of %n core(s)</source>
        <translation>
            <numerusform>客户端 CPU 占 %n 个核心的 %1 %</numerusform>
        </translation>
    </message>
    <message>
        <location line="-56"/>
        <source>%1 % of events shared a read with an earlier one (%2 % of ITL gaps are 0): while the client lagged, chunks the server sent apart were read together, and ITL understates their spacing.</source>
        <translation>%1 % 的事件与之前的事件在同一次读取中读到（%2 % 的 ITL 间隔为 0）：客户端滞后时，服务器分开发送的分块被一起读取，因此 ITL 低估了它们之间的间隔。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>libcurl&apos;s workers take each timestamp in the call that read the socket; handing the bytes to the engine thread later changes no figure.</source>
        <translation>libcurl 的工作线程在读取套接字的那次调用中打上每个时间戳；之后再把数据交给引擎线程不会改变任何指标。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Qt reads each socket on its own network thread and hands the read to the engine thread, which takes the timestamp. Qt does not say when it read, so the engine thread&apos;s probe lag stands in for that hand-off.</source>
        <translation>Qt 在自己的网络线程上读取各个套接字，再把读到的数据交给引擎线程，由后者打时间戳。Qt 不提供读取发生的时刻，因此以引擎线程的探测延迟来代表这次交接的耗时。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>measurement degraded: </source>
        <translation>测量质量下降：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>timestamp thread lag p99 %1 ms</source>
        <translation>时间戳线程延迟 p99 %1 ms</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>measurement ok</source>
        <translation>测量正常</translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <location filename="../../app/core/runoutcome.cpp" line="+89"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Completed with failures (%1 of %2 failed)</source>
        <translation>已完成但有失败（%2 个中有 %1 个失败）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed: no request succeeded (%1 of %2 failed)</source>
        <translation>失败：没有请求成功（%2 个中有 %1 个失败）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>PeerDefinitions</name>
    <message>
        <location filename="../../app/stats/peerdefinitions.cpp" line="+267"/>
        <source>TokenScope&apos;s definitions: TTFT at the first text (reasoning included); TPOT (E2E-TTFT)/(n-1); ITL per chunk; E2E to the last text; n from usage; requests under the short-output limit left out of TPOT and ITL.</source>
        <translation>TokenScope 的定义：TTFT 到第一段文本为止（含推理内容）；TPOT = (E2E-TTFT)/(n-1)；ITL 按分块计；E2E 到最后一段文本为止；n 取自用量；输出过短的请求不计入 TPOT 和 ITL。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>vLLM&apos;s definitions (vllm bench serve): TTFT at the first event with non-empty choices, a role-only one included; TPOT (E2E-TTFT)/(n-1); ITL per event; E2E to the last text; n from usage; numpy linear percentiles, population std.</source>
        <translation>vLLM 的定义（vllm bench serve）：TTFT 到第一个 choices 非空的事件为止，只含角色的事件也算；TPOT = (E2E-TTFT)/(n-1)；ITL 按事件计；E2E 到最后一段文本为止；n 取自用量；numpy 线性百分位数，总体标准差。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SGLang&apos;s definitions (bench_serving): TTFT at the first content chunk (reasoning left out); TPOT (E2E-TTFT)/(n-1); ITL per content chunk; E2E to the last line read ([DONE]); n from usage, else the requested max_tokens; numpy linear percentiles, population std.</source>
        <translation>SGLang 的定义（bench_serving）：TTFT 到第一个 content 分块为止（不含推理内容）；TPOT = (E2E-TTFT)/(n-1)；ITL 按 content 分块计；E2E 到读到的最后一行（[DONE]）为止；n 取自用量，否则取请求的 max_tokens；numpy 线性百分位数，总体标准差。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>AIPerf&apos;s definitions: TTFT at the first content response (reasoning included); TPOT column = inter_token_latency (E2E-TTFT)/(n-1); ITL column = inter_chunk_latency per chunk; E2E = request_latency to the last content response.</source>
        <translation>AIPerf 的定义：TTFT 到第一个有内容的响应为止（含推理内容）；TPOT 列 = inter_token_latency (E2E-TTFT)/(n-1)；ITL 列 = 按分块计的 inter_chunk_latency；E2E = 到最后一个有内容响应为止的 request_latency。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GuideLLM&apos;s definitions: TTFT at the first iteration with text; TPOT column = time_per_output_token last_token/n, first token included; ITL column = inter_token_latency (last-first)/(n-1), one per request; E2E = request_latency to the end of the response; n from usage, else iterations.</source>
        <translation>GuideLLM 的定义：TTFT 到第一个带文本的迭代为止；TPOT 列 = time_per_output_token last_token/n，含首个 token；ITL 列 = inter_token_latency (last-first)/(n-1)，每个请求一个值；E2E = 到响应结束为止的 request_latency；n 取自用量，否则取迭代次数。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LLMPerf&apos;s definitions: TTFT at the first content chunk; no TPOT; ITL column = inter_token_latency, the gaps from the start to each content chunk over n (about E2E/n); E2E = end_to_end_latency to the end of the stream; pandas linear quantiles, sample std (n-1).</source>
        <translation>LLMPerf 的定义：TTFT 到第一个 content 分块为止；无 TPOT；ITL 列 = inter_token_latency，即从开始到各 content 分块的间隔之和除以 n（约为 E2E/n）；E2E = 到流结束为止的 end_to_end_latency；pandas 线性分位数，样本标准差 (n-1)。</translation>
    </message>
</context>
<context>
    <name>Precision</name>
    <message>
        <location filename="../../app/stats/precision.cpp" line="+75"/>
        <source>%1 within ±%2 % (target ±%3 %)</source>
        <translation>%1 在 ±%2 % 以内（目标 ±%3 %）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 had too few samples for an interval (target ±%2 %)</source>
        <translation>%1 样本太少，无法得出区间（目标 ±%2 %）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped when precise: %1 after %2 requests</source>
        <translation>达到精度后停止：%2 个请求后 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped at the end of --duration before the target: %1</source>
        <translation>未达到目标，因 --duration 到期而停止：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled before the target: %1</source>
        <translation>未达到目标即已取消：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stopped at the request limit (%1) before the target: %2</source>
        <translation>未达到目标，因达到请求上限（%1）而停止：%2</translation>
    </message>
</context>
<context>
    <name>RepeatReport</name>
    <message>
        <location filename="../../app/report/repeatreport.cpp" line="+99"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Min–max</source>
        <translation>最小–最大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SD</source>
        <translation>标准差</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CV</source>
        <translation>变异系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Within (95 % CI)</source>
        <translation>运行内（95 % 区间）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Apart</source>
        <translation>不重叠</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Stopped: %1 of %2 repeats ran (the last one may be cut short); the figures cover those.</source>
        <translation>已停止：%2 次重复中运行了 %1 次（最后一次可能未完成）；数据只涵盖这些运行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 repeats are here; the figures cover those.</source>
        <translation>这里有 %2 次重复中的 %1 次；数据只涵盖这些运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 repeats of the same configuration, each a run of its own.</source>
        <translation>同一配置重复 %1 次，每次都是独立的运行。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source># Repeats

%1 Between repeats: mean, min–max, standard deviation (SD) and coefficient of variation (CV); within them: the mean half-width of their 95 % intervals, in percent of the value. Apart: two repeats&apos; intervals do not overlap.
</source>
        <translation># 重复运行

%1 重复之间：均值、最小–最大、标准差和变异系数；运行内：各次 95 % 区间半宽的均值，以数值的百分比表示。不重叠：有两次重复的区间互不重叠。
</translation>
    </message>
</context>
<context>
    <name>RepeatSummary</name>
    <message>
        <location filename="../../app/stats/repeatsummary.cpp" line="+152"/>
        <source>The server drifted between repeats: %1 moved by more than the repeats&apos; 95 % intervals explain (two of them do not overlap).</source>
        <translation>服务器在重复之间发生了漂移：%1 的变化超出了各次重复的 95 % 区间所能解释的范围（其中两个区间互不重叠）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Repeats agree: they differ beyond their 95 % intervals in %1, but by less than %2 % of the mean, which matters to no measurement.</source>
        <translation>各次重复一致：%1 的差异超出了 95 % 区间，但不到均值的 %2 %，对任何测量都无关紧要。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Repeats agree within their 95 % intervals.</source>
        <translation>各次重复在其 95 % 区间内一致。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fewer than two repeats have 95 % intervals here: too few to tell drift from noise.</source>
        <translation>此处有 95 % 区间的重复不足两次：无法区分漂移与噪声。</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Output throughput</source>
        <translation>输出吞吐量</translation>
    </message>
</context>
<context>
    <name>RunLabel</name>
    <message>
        <location filename="../../app/core/runlabel.cpp" line="+32"/>
        <source>c=%1</source>
        <extracomment>closed-loop levels, e.g. &quot;c=1,4,8,16&quot;</extracomment>
        <translation>c=%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 req/s</source>
        <extracomment>open-loop request rates, e.g. &quot;2 req/s&quot; or &quot;1,2,4 req/s&quot;</extracomment>
        <translation>%1 请求/秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max-rate search</source>
        <translation>最大速率搜索</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>trace %1</source>
        <extracomment>a replayed trace: its file, and its speed-up when not 1, e.g. &quot;trace mooncake.jsonl ×2&quot;</extracomment>
        <translation>轨迹 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>trace %1 ×%2</source>
        <translation>轨迹 %1 ×%2</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>%1 (%2)</source>
        <extracomment>a label that would read like another&apos;s, with its position: &quot;sim · c=1 (2)&quot;</extracomment>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>RunReading</name>
    <message>
        <location filename="../../app/stats/runreading.cpp" line="+87"/>
        <source>From concurrency %1 to %2, TTFT P50 rose %3x (%4 to %5 ms) while TPOT P50 changed %6x: requests are queueing before the model (gateway or server batch limit).</source>
        <translation>从并发 %1 到 %2，TTFT P50 升至 %3 倍（从 %4 到 %5 ms），而 TPOT P50 变为 %6 倍：请求在到达模型前排队（网关或服务器的批处理上限）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>From concurrency %1 to %2, TPOT P50 rose %3x (%4 to %5 ms) and TTFT P50 changed %6x. TPOT rose with concurrency: the decode step is contended.</source>
        <translation>从并发 %1 到 %2，TPOT P50 升至 %3 倍（从 %4 到 %5 ms），TTFT P50 变为 %6 倍。TPOT 随并发上升：解码阶段存在资源争用。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>From concurrency %1 to %2, TTFT P50 rose %3x and TPOT P50 rose %4x. TPOT rose with concurrency: the decode step is contended. TTFT rose far more than TPOT: requests are also queueing before the model (gateway or server batch limit).</source>
        <translation>从并发 %1 到 %2，TTFT P50 升至 %3 倍，TPOT P50 升至 %4 倍。TPOT 随并发上升：解码阶段存在资源争用。TTFT 的升幅远超 TPOT：请求还在到达模型前排队（网关或服务器的批处理上限）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>From concurrency %1 to %2, TTFT P50 changed %3x and TPOT P50 %4x, under the thresholds (%5x and %6x): the endpoint took this load without queueing or a slower decode step.</source>
        <translation>从并发 %1 到 %2，TTFT P50 变为 %3 倍，TPOT P50 变为 %4 倍，均低于阈值（%5 倍和 %6 倍）：端点承受住了此负载，没有出现排队或解码变慢。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>TPOT P50 rose %1x too (%2 to %3 ms), under the %4x that marks a contended decode step: each stream decodes a little slower when more share the batch.</source>
        <translation>TPOT P50 也上升了 %1 倍（%2 到 %3 ms），低于标志解码步骤争用的 %4 倍：更多请求共享批次时，每个流的解码会稍慢一些。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Output throughput scaled %1x for %2x concurrency (%3% efficiency).</source>
        <translation>并发增至 %2 倍时，输出吞吐量增至 %1 倍（效率 %3%）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Below %1% efficiency the endpoint is near its capacity: more concurrency mostly adds latency.</source>
        <translation>效率低于 %1% 时，端点已接近容量上限：继续提高并发主要只会增加延迟。</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>The server queued requests (waiting up to %1 at concurrency %2) while TPOT held: the queueing is at the server.</source>
        <translation>服务器让请求排队（并发 %2 时最多 %1 个在等待），而 TPOT 保持不变：排队发生在服务器。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The server queued requests (waiting up to %1 at concurrency %2): the queueing is at the server.</source>
        <translation>服务器让请求排队（并发 %2 时最多 %1 个在等待）：排队发生在服务器。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Yet the server reported 0 requests waiting at every level compared: the queue is not at the server but in front of it (a gateway, or the client).</source>
        <translation>但服务器在所比较的每个级别都报告 0 个等待中的请求：队列不在服务器，而在它前面（网关或客户端）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The server&apos;s running requests rose with the concurrency (up to %1 at concurrency %2, from %3 at %4): the contention is in the server&apos;s batch.</source>
        <translation>服务器运行中的请求随并发上升（从并发 %4 时的 %3 到并发 %2 时的 %1）：争用发生在服务器的批处理中。</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>The queueing starts by concurrency %1, where TTFT P50 first reached %2x its value at concurrency %3.</source>
        <translation>排队最晚在并发 %1 时开始：此时 TTFT P50 首次达到并发 %3 时的 %2 倍。</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>No reading: it needs two or more concurrency levels with at least %1 completed requests each that report TTFT and TPOT.</source>
        <translation>无法解读：需要两个或更多并发级别，且每个级别至少有 %1 个报告了 TTFT 和 TPOT 的已完成请求。</translation>
    </message>
    <message numerus="yes">
        <location line="-12"/>
        <source>%1 of %n request(s) failed (%2%); the latencies below cover completed requests only.</source>
        <translation>
            <numerusform>%n 个请求中有 %1 个失败（%2%）；以下延迟仅涵盖已完成的请求。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+65"/>
        <source>not enough data</source>
        <translation>数据不足</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steady under load</source>
        <translation>负载下保持稳定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>queueing</source>
        <translation>排队</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>decode contention</source>
        <translation>解码争用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>contention and queueing</source>
        <translation>争用与排队</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 of %2 failed · %3</source>
        <translation>%2 个中有 %1 个失败 · %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Read from the lowest to the highest concurrency level with at least %1 measured requests: contention when TPOT P50 rose %2x or more; queueing when TTFT P50 rose %3x or more and, if TPOT rose too, %4x more than TPOT; saturation when throughput grew by less than %5% of the concurrency growth.</source>
        <translation>解读依据从最低到最高、且至少有 %1 个已测量请求的并发级别：TPOT P50 升至 %2 倍或以上判定为争用；TTFT P50 升至 %3 倍或以上（若 TPOT 也上升，TTFT 的升幅还须达到 TPOT 的 %4 倍）判定为排队；吞吐量增长不到并发增长的 %5% 判定为饱和。</translation>
    </message>
</context>
<context>
    <name>ServerMetrics</name>
    <message>
        <location filename="../../app/servermetrics/metricsscraper.cpp" line="+51"/>
        <source>The metrics URL &quot;%1&quot; is not an http:// or https:// URL with a host, such as http://127.0.0.1:8000/metrics.</source>
        <translation>指标 URL“%1”不是带主机的 http:// 或 https:// URL，例如 http://127.0.0.1:8000/metrics。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The server metrics interval must be between 100 ms and one hour.</source>
        <translation>服务器指标的采集间隔必须在 100 毫秒到一小时之间。</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>The scrape took more than %1 s: aborted.</source>
        <translation>本次采集超过 %1 秒：已中止。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The metrics body passed %1 MiB: not a Prometheus endpoint?</source>
        <translation>指标响应体超过 %1 MiB：这不是 Prometheus 端点吗？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTTP %1: the metrics URL wants credentials (on another origin than the Base URL, the API key is sent there only when asked to).</source>
        <translation>HTTP %1：指标 URL 需要凭据（与 Base URL 不同源时，只有在要求时才会向其发送 API 密钥）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>HTTP 404: no metrics at this URL (a server usually serves them at {origin}/metrics, outside /v1).</source>
        <translation>HTTP 404：此 URL 没有指标（服务器通常在 /v1 之外的 {origin}/metrics 提供）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTTP %1 from the metrics URL.</source>
        <translation>指标 URL 返回 HTTP %1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The metrics URL answered %1 bytes with no Prometheus sample in them.</source>
        <translation>指标 URL 返回了 %1 字节，其中没有任何 Prometheus 样本。</translation>
    </message>
</context>
<context>
    <name>ServingCurve</name>
    <message>
        <location filename="../../app/stats/servingcurve.cpp" line="+71"/>
        <source>No knee in the levels run: median TTFT stayed within twice its %1 ms at the lowest load (%2) up to %3 req/s served (%4).</source>
        <translation>所运行的级别中没有拐点：直到已服务 %3 请求/秒（%4），TTFT 中位数都保持在最低负载（%2）时 %1 ms 的两倍以内。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The knee is at %1 req/s served, where throughput stops growing</source>
        <translation>拐点位于已服务 %1 请求/秒处，吞吐量在此停止增长</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The knee is between %1 and %2 req/s served</source>
        <translation>拐点位于已服务 %1 到 %2 请求/秒之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: median TTFT is %1 ms at %2 and takes off to %3 ms at %4, more than twice the %5 ms of the lowest load.</source>
        <translation>：TTFT 中位数在 %2 时为 %1 ms，在 %4 时飙升至 %3 ms，超过最低负载时 %5 ms 的两倍。</translation>
    </message>
</context>
<context>
    <name>SignificanceText</name>
    <message>
        <location filename="../../app/stats/significancetext.cpp" line="+40"/>
        <source>%1 is the same in %2</source>
        <translation>%1 在 %2 中相同</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is %2 higher in %3</source>
        <extracomment>%1 the figure (&quot;TTFT P50&quot;), %2 by how much (&quot;12%&quot;), %3 the compared run</extracomment>
        <translation>%1 在 %3 中高 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is %2 lower in %3</source>
        <translation>%1 在 %3 中低 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>within noise (95 % intervals %1 vs %2 are apart, but the change is under %3%, less than two runs of one configuration differ)</source>
        <extracomment>%1 and %2 the two 95 % intervals, %3 the smallest change called real (&quot;1&quot;)</extracomment>
        <translation>在噪声范围内（95 % 区间 %1 与 %2 不重叠，但变化小于 %3%，不及同一配置两次运行之间的差异）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>and the difference is real (95 % intervals %1 vs %2 do not overlap)</source>
        <extracomment>%1 the baseline&apos;s 95 % interval, %2 the compared run&apos;s, e.g. &quot;[43.9, 45.2]&quot;</extracomment>
        <translation>差异是真实的（95 % 区间 %1 与 %2 不重叠）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>within noise (95 % intervals %1 vs %2 overlap)</source>
        <translation>差异在噪声范围内（95 % 区间 %1 与 %2 重叠）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no interval: judged by the %1-point band</source>
        <translation>无区间：按 %1 个百分点的范围判断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no interval: judged by the %1% band</source>
        <translation>无区间：按 %1% 的范围判断</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>and the difference is real (%1)</source>
        <translation>差异是真实的（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>within noise (%1)</source>
        <translation>差异在噪声范围内（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>not judged: a change from 0 has no size (%1)</source>
        <translation>未判断：从 0 开始的变化无法衡量大小（%1）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>too few samples: %1% band</source>
        <translation>样本太少：%1% 范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stored without intervals: %1% band</source>
        <translation>保存时无区间：%1% 范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>point interval: %1% band</source>
        <translation>零宽区间：%1% 范围</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1-point band</source>
        <translation>%1 个百分点范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no interval: %1% band</source>
        <translation>无区间：%1% 范围</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>real</source>
        <translation>真实差异</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>within noise</source>
        <translation>在噪声范围内</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not judged</source>
        <translation>未判断</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (under %2%)</source>
        <extracomment>%1 the verdict (&quot;within noise&quot;), %2 the smallest change called real (&quot;1&quot;)</extracomment>
        <translation>%1（小于 %2%）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2)</source>
        <extracomment>%1 the verdict (&quot;real&quot;), %2 the band that judged it (&quot;no interval: 5% band&quot;)</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1, %2.</source>
        <extracomment>%1 the change (&quot;TTFT P50 is 12% higher in B&quot;), %2 the verdict (&quot;and the difference is real (…)&quot;)</extracomment>
        <translation>%1，%2。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Error rate</source>
        <translation>错误率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P50</source>
        <translation>TPOT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P95</source>
        <translation>TPOT P95</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ITL P50</source>
        <translation>ITL P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E P50</source>
        <translation>E2E P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output throughput</source>
        <translation>输出吞吐量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request throughput</source>
        <translation>请求吞吐量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no interval (too few samples): judged by the %1% band</source>
        <translation>无区间（样本太少）：按 %1% 的范围判断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no interval (a run stored before intervals): judged by the %1% band</source>
        <translation>无区间（运行保存于有区间之前）：按 %1% 的范围判断</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no usable interval (every request returned as many tokens): judged by the %1% band</source>
        <translation>无可用区间（每个请求返回的 token 数相同）：按 %1% 的范围判断</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>[%1, %2]</source>
        <extracomment>a 95 % confidence interval: its lower and upper end</extracomment>
        <translation>[%1, %2]</translation>
    </message>
</context>
<context>
    <name>SimConfig</name>
    <message>
        <location filename="../../app/sim/simconfig.cpp" line="+68"/>
        <source>built-in simulator</source>
        <translation>内置模拟器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>µs/prompt token</source>
        <translation>µs/提示 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms/token</source>
        <translation>ms/token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>jitter</source>
        <translation>抖动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>slowdown</source>
        <translation>减速</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>/stream</source>
        <translation>/流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prefix cache</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>uncontended</source>
        <translation>无争用</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <location filename="../../ui/theme.cpp" line="+185"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
</context>
<context>
    <name>TokenScope::AbRunDialog</name>
    <message>
        <location filename="../../ui/dialogs/abrundialog.cpp" line="+21"/>
        <source>A/B interleaved run</source>
        <translation>A/B 交替运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Requests alternate one by one between A (the selected profile) and B, at the same concurrency and with the same run settings, so drift in the network or the provider hits both alike. Change one thing only, e.g. the model ID.</source>
        <translation>请求在 A（所选端点配置）和 B 之间逐个交替发送，并发和运行设置均相同，因此网络或服务商的波动对两者的影响相同。只改变一项，例如模型 ID。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the model ID B sends</source>
        <translation>B 发送的模型 ID</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>B: profile</source>
        <translation>B：端点配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B: model ID</source>
        <translation>B：模型 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run A/B</source>
        <translation>运行 A/B</translation>
    </message>
</context>
<context>
    <name>TokenScope::ByTurnChart</name>
    <message>
        <location filename="../../ui/charts/byturnchart.cpp" line="+54"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cached share of the prompt (right axis)</source>
        <translation>提示词缓存占比（右轴）</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+97"/>
        <source>By turn</source>
        <translation>按轮次</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>TTFT (ms)</source>
        <translation>TTFT（ms）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cached (% of prompt)</source>
        <translation>缓存（占提示词 %）</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>level %1</source>
        <translation>级别 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (the last level)</source>
        <extracomment>the By turn chart&apos;s title: the level shown, and when &quot;All levels&quot; is picked, that it is the last</extracomment>
        <translation>%1（最后一级）</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>A run of conversations (--turns, or Turns in Run settings) shows TTFT and the cache share by turn here.</source>
        <translation>对话运行（--turns，或运行设置中的“轮数”）会在此按轮次显示 TTFT 和缓存占比。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This run holds no conversations.</source>
        <translation>此运行不含对话。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No run yet.</source>
        <translation>尚无运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shown when the run ends.</source>
        <translation>运行结束后显示。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This level has no measured conversation turn.</source>
        <translation>此级别没有已测量的对话轮次。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Turn %1 · %2 requests, %3 completed</source>
        <extracomment>By turn readout: the turn and its requests</extracomment>
        <translation>第 %1 轮 · %2 个请求，%3 个完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P50 %1 ms · P95 %2 ms</source>
        <translation>TTFT P50 %1 ms · P95 %2 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompt %1 tokens (mean)</source>
        <translation>提示词 %1 token（平均）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cached %1 % of the prompt</source>
        <translation>缓存了提示词的 %1 %</translation>
    </message>
</context>
<context>
    <name>TokenScope::Calibration</name>
    <message>
        <location filename="../../app/workload/calibration.cpp" line="+210"/>
        <source>Prompts of a given length are calibrated against the server&apos;s own count (usage prompt_tokens), and this server sent no usage. Turn usage on if it can send it, or use a dataset or a fixed prompt instead (--dataset FILE, or Prompts in the Workload box).</source>
        <translation>指定长度的提示词要按服务器自己的计数（usage 中的 prompt_tokens）来校准，而此服务器没有返回 usage。如果它能返回，请打开 usage；否则请改用数据集或固定提示词（--dataset FILE，或“工作负载”框中的“提示词”）。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The server counts %1 tokens in the shortest synthetic prompt (its chat template, the prompt&apos;s tag line and the shared prefix), so it cannot be given prompts of %2 tokens. Ask for more input tokens, a smaller spread or a shorter shared prefix.</source>
        <translation>服务器把最短的合成提示词（其聊天模板、提示词的标签行和共享前缀）计为 %1 个 token，因此无法生成 %2 个 token 的提示词。请增加输入 token 数、减小波动范围或缩短共享前缀。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>A calibration probe failed, so prompts of %1 tokens could not be calibrated: %2</source>
        <translation>一次校准探测失败，因此无法校准 %1 个 token 的提示词：%2</translation>
    </message>
</context>
<context>
    <name>TokenScope::ClientPool</name>
    <message>
        <location filename="../../app/net/clientpool.cpp" line="+64"/>
        <source>The proxy URL is empty (expected e.g. http://proxy.example:3128).</source>
        <translation>代理 URL 为空（应形如 http://proxy.example:3128）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The proxy URL &quot;%1&quot; is not a URL with a host (expected e.g. http://proxy.example:3128).</source>
        <translation>代理 URL &quot;%1&quot; 不是带主机的 URL（应形如 http://proxy.example:3128）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The proxy scheme &quot;%1&quot; is not supported: use http:// or socks5://.</source>
        <translation>不支持代理协议 &quot;%1&quot;：请使用 http:// 或 socks5://。</translation>
    </message>
</context>
<context>
    <name>TokenScope::CompareView</name>
    <message>
        <location filename="../../ui/charts/comparecharts.cpp" line="+142"/>
        <source>TTFT (time to first token)</source>
        <translation>TTFT（首 token 时间）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT (time per output token)</source>
        <translation>TPOT（每个输出 token 的时间）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ITL (gap between chunks)</source>
        <translation>ITL（分块间隔）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E (whole request)</source>
        <translation>E2E（整个请求）</translation>
    </message>
    <message>
        <location filename="../../ui/history/compareview.cpp" line="+53"/>
        <source>%1 and %2</source>
        <extracomment>the end of a list: &quot;model and max_tokens&quot;, &quot;model, endpoint and max_tokens&quot;</extracomment>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../ui/charts/comparecharts.cpp" line="+17"/>
        <source>achieved throughput (completed requests/s)</source>
        <translation>实际吞吐量（每秒完成请求数）</translation>
    </message>
    <message>
        <location filename="../../ui/history/compareview.cpp" line="+42"/>
        <source>Every delta and headline is against this run</source>
        <translation>所有差值和结论均以此运行为基准</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Which requests the distributions are drawn from</source>
        <translation>分布图所依据的请求</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Distributions over:</source>
        <translation>分布范围：</translation>
    </message>
    <message>
        <location filename="../../ui/charts/comparecharts.cpp" line="+24"/>
        <source>&lt;b&gt;Distributions&lt;/b&gt; — each curve rises through the share of requests (y) done within x ms: a curve further left is faster, a steeper one steadier. The dashed line is the median (P50).</source>
        <translation>&lt;b&gt;分布&lt;/b&gt; — 每条曲线随 x ms 内完成的请求占比 (y) 上升：曲线越靠左越快，越陡越稳定。虚线为中位数 (P50)。</translation>
    </message>
    <message>
        <location filename="../../ui/history/compareview.cpp" line="+243"/>
        <source>A run measured by request rate is shown over every level</source>
        <translation>按请求速率测量的运行显示全部级别</translation>
    </message>
    <message>
        <location filename="../../ui/charts/comparecharts.cpp" line="+180"/>
        <source>&lt;b&gt;Against achieved throughput&lt;/b&gt; — the serving curve of each run: one point per level at the requests per second it completed. A curve further right before TTFT rises serves more.</source>
        <translation>&lt;b&gt;随实际吞吐量变化&lt;/b&gt; — 各次运行的服务曲线：每个级别一个点，位于其每秒完成的请求数处。TTFT 上升之前越靠右的曲线，服务能力越强。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Against concurrency&lt;/b&gt; — how each run takes more load: throughput should rise, TTFT and TPOT should stay flat.</source>
        <translation>&lt;b&gt;随并发变化&lt;/b&gt; — 各次运行如何承受更高的负载：吞吐量应上升，TTFT 和 TPOT 应保持平稳。</translation>
    </message>
    <message>
        <location line="-170"/>
        <location line="+10"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Output throughput (higher is better)</source>
        <translation>输出吞吐量（越高越好）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTFT P50 (solid) and P95 (dashed)</source>
        <translation>TTFT P50（实线）和 P95（虚线）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TPOT P50: decode time per token</source>
        <translation>TPOT P50：每个 token 的解码时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1: %2</source>
        <extracomment>a legend entry and the run&apos;s whole name</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-123"/>
        <source>concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <location filename="../../ui/history/compareview.cpp" line="-163"/>
        <source>&lt;b&gt;Level by level against the baseline&lt;/b&gt; — run minus baseline, and in % of the baseline; green is better, red is worse</source>
        <translation>&lt;b&gt;逐级对比基线&lt;/b&gt; — 运行值减去基线值，以及该差值占基线的百分比；绿色表示更好，红色表示更差</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&lt;b&gt;What each run&apos;s numbers mean&lt;/b&gt;</source>
        <translation>&lt;b&gt;各次运行数据的含义&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>&lt;b&gt;By turn&lt;/b&gt; — TTFT P50 at each turn of the conversations, its change against the baseline, and the share of prompt tokens the server served from its cache</source>
        <translation>&lt;b&gt;按轮次&lt;/b&gt; — 对话每一轮的 TTFT P50、它相对基线的变化，以及服务器从缓存提供的提示词 token 占比</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1 · %2: %3</source>
        <extracomment>an arm of an A/B run: the run&apos;s label, the arm&apos;s letter, its model</extracomment>
        <translation>%1 · %2：%3</translation>
    </message>
    <message>
        <location filename="../../ui/charts/comparecharts.cpp" line="+68"/>
        <location line="+3"/>
        <location filename="../../ui/history/compareview.cpp" line="+46"/>
        <source>%1 (baseline)</source>
        <translation>%1（基线）</translation>
    </message>
    <message>
        <location filename="../../ui/history/compareview.cpp" line="+38"/>
        <location line="+10"/>
        <source>every level</source>
        <translation>所有级别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>concurrency %1</source>
        <translation>并发 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Select two or more runs in the history and press Compare.</source>
        <translation>请在历史记录中选择两次或更多运行，然后点击“对比”。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only one run: select another one to compare it with.</source>
        <translation>只有一次运行：请再选择一次运行与之对比。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>&lt;b&gt;⚠ Compare one variable at a time:&lt;/b&gt; these runs differ in %1. A difference in the results cannot be put down to one of them.</source>
        <translation>&lt;b&gt;⚠ 每次只对比一个变量：&lt;/b&gt;这些运行在 %1 上不同。结果中的差异无法归因于其中某一项。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;One variable:&lt;/b&gt; the only input that differs is the %1 (%2), so the comparison isolates it.</source>
        <extracomment>%1 the input (e.g. Model), %2 its values from the baseline on, e.g. &quot;sim-slow → sim-fast&quot;</extracomment>
        <translation>&lt;b&gt;单一变量：&lt;/b&gt;唯一不同的输入是%1（%2），因此这次比较隔离了它。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Input</source>
        <translation>输入项</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Turn</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cached</source>
        <translation>缓存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Prompt tokens</source>
        <translation>提示词 token</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location filename="../../ui/charts/comparecharts.cpp" line="+106"/>
        <source>%1 — tail cut, slowest %2 ms</source>
        <translation>%1 — 尾部已截断，最慢 %2 ms</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Whiskers: the 95 % interval of a figure, where its level has enough samples for one; two runs whose whiskers overlap differ within noise.</source>
        <translation>误差线：指标的 95 % 区间（仅当该级别的样本足以得出区间时显示）；误差线重叠的两次运行，其差异在噪声范围内。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 P95</source>
        <translation>%1 P95</translation>
    </message>
    <message>
        <location filename="../../ui/history/compareview.cpp" line="+39"/>
        <source>Not in both %1 and the baseline, so not compared: concurrency %2.</source>
        <translation>未同时出现在 %1 和基线中，因此未对比：并发 %2。</translation>
    </message>
</context>
<context>
    <name>TokenScope::ConnectionTestDialog</name>
    <message>
        <location filename="../../ui/dialogs/connectiontestdialog.cpp" line="+89"/>
        <location line="+15"/>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>One short streaming request (max_tokens %1) to %2, model %3.</source>
        <translation>向 %2 发送一个简短的流式请求（max_tokens %1），模型 %3。</translation>
    </message>
    <message>
        <location line="-59"/>
        <source>Waiting for the server…</source>
        <translation>正在等待服务器…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;b&gt;What this means&lt;/b&gt;</source>
        <translation>&lt;b&gt;这意味着什么&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Test again</source>
        <translation>重新测试</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+91"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-81"/>
        <source>Not tested yet</source>
        <translation>尚未测试</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Time to first token (TTFT):</source>
        <translation>首 token 时间 (TTFT)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Token usage sent by the server:</source>
        <translation>服务器发送 token 用量：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output tokens:</source>
        <translation>输出 token 数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens per chunk:</source>
        <translation>每分块 token 数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Content-Type:</source>
        <translation>Content-Type：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server:</source>
        <translation>服务器：</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copy as curl</source>
        <translation>复制为 curl 命令</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Include the API key</source>
        <translation>包含 API 密钥</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Testing…</source>
        <translation>正在测试…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>HTTP %1 %2</source>
        <translation>HTTP %1 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not sent: the settings need fixing</source>
        <translation>未发送：需要修正设置</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>Copies the same request as a curl command, to reproduce it in a terminal or send it to the provider&apos;s support. The key appears as $%1.</source>
        <translation>将同一请求复制为 curl 命令，以便在终端中复现，或发送给服务商的技术支持。密钥显示为 $%1。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Warning: the copied command will contain your API key in plain text. Anyone who sees it (in a chat, a ticket, your shell history) can use your key and spend your credit. Leave this off to copy $%1 instead.</source>
        <translation>警告：复制的命令将以明文包含你的 API 密钥。任何看到它的人（在聊天、工单或你的 shell 历史记录中）都可以使用你的密钥并消耗你的余额。不勾选此项则改为复制 $%1。</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>No answer from the server</source>
        <translation>服务器无响应</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (from usage)</source>
        <translation>%1（来自用量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (counted from chunks)</source>
        <translation>%1（按分块计数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 tokens in %3 chunks)</source>
        <translation>%1（%3 个分块共 %2 个 token）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unknown (no usage)</source>
        <translation>未知（无用量）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing was sent.</source>
        <translation>未发送任何内容。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server sent no response body.</source>
        <translation>服务器未发送响应体。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First %1 of %2 bytes of the response, exactly as received (line breaks shown as \n):</source>
        <translation>响应的前 %1 字节（共 %2 字节），与接收时完全一致（换行符显示为 \n）：</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Copied, with the API key.</source>
        <translation>已复制（包含 API 密钥）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copied. Set %1 in your shell before running it.</source>
        <translation>已复制。运行前请先在 shell 中设置 %1。</translation>
    </message>
</context>
<context>
    <name>TokenScope::ConversationBox</name>
    <message>
        <location filename="../../ui/conversationbox.cpp" line="+30"/>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Prompts of N tokens: the new user message of every turn after the first holds this many tokens, by the same calibration. 0 = as long as the first turn&apos;s.</source>
        <translation>N token 提示词：第一轮之后每轮的新用户消息按同一校准包含这么多 token。0 = 与第一轮等长。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>as turn 1</source>
        <translation>同第 1 轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max_tokens of every turn after the first. 0 = as the first turn&apos;s.</source>
        <translation>第一轮之后每轮的 max_tokens。0 = 同第一轮。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark cache breakpoints (Anthropic cache_control)</source>
        <translation>标记缓存断点（Anthropic cache_control）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chain turns by previous_response_id (Responses)</source>
        <translation>用 previous_response_id 串联各轮（Responses）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>1 (single requests)</source>
        <translation>1（单个请求）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conversations of this many turns: turn k resends every earlier message and the model&apos;s actual answers, then a new message. Concurrency then counts conversations at once, and requests per concurrency conversations per user; a request rate begins that many conversations per second, and its cap counts conversations at once.</source>
        <translation>这么多轮的对话：第 k 轮重发此前的每条消息和模型的实际回答，再加一条新消息。此时并发数表示同时进行的对话数，“每并发请求数”表示每个用户的对话数；请求速率表示每秒开始的对话数，其上限表示同时进行的对话数。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The pause between an answer&apos;s last byte and the next turn&apos;s send (a tool running, a person reading)</source>
        <translation>回答最后一个字节与下一轮发送之间的停顿（工具运行、人在阅读）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Each pause is drawn evenly within this share of the think time, seeded</source>
        <translation>每次停顿在思考时间的这一比例内均匀抽取（有种子）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Anthropic Messages: the system prompt and the last two user messages end a cache_control breakpoint, as Claude Code marks them, so each turn reads the prefix the previous one wrote. Anthropic caches nothing unmarked.</source>
        <translation>Anthropic Messages：系统提示词和最后两条用户消息各以一个 cache_control 断点结尾（与 Claude Code 的标记方式相同），使每一轮读取上一轮写入的前缀。未标记的内容 Anthropic 不会缓存。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OpenAI Responses: a later turn sends only its new message and names the previous answer (previous_response_id, store: true). Unticked, the history is resent as input items with store: false, as coding agents send it.</source>
        <translation>OpenAI Responses：后续轮次只发送新消息，并指明上一条回答（previous_response_id，store: true）。不勾选时，历史以 input 条目重发并带 store: false，与编码智能体的发送方式相同。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>spread</source>
        <translation>波动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Turns:</source>
        <translation>轮数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Think time:</source>
        <translation>思考时间：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New message tokens:</source>
        <translation>新消息 token：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turn max_tokens:</source>
        <translation>每轮 max_tokens：</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Every request stands alone. With 2 turns or more, each user holds conversations whose context grows turn by turn.</source>
        <translation>每个请求相互独立。2 轮或以上时，每个用户进行上下文逐轮增长的对话。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>a new message of %n token(s)</source>
        <translation>
            <numerusform>一条 %n token 的新消息</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a new message like turn 1&apos;s</source>
        <translation>一条与第 1 轮相同的新消息</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 ms ±%2 %</source>
        <translation>%1 毫秒 ±%2 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Turn 1 sends the workload&apos;s prompt. Turn k (up to %1) is sent %2 after the answer to turn k−1 ended, and sends 2k−1 messages: every earlier message, the model&apos;s answers as they streamed, then %3.</source>
        <extracomment>%1: turns; %2: the pause; %3: what a later turn adds</extracomment>
        <translation>第 1 轮发送工作负载的提示词。第 k 轮（至多 %1）在第 k−1 轮的回答结束 %2 后发送，共 2k−1 条消息：此前的每条消息、模型流式返回的回答，以及%3。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chained: a later turn sends only its new message, with the previous answer&apos;s id.</source>
        <translation>串联：后续轮次只发送新消息，并附上一条回答的 id。</translation>
    </message>
</context>
<context>
    <name>TokenScope::Dataset</name>
    <message numerus="yes">
        <location filename="../../app/workload/dataset.cpp" line="+52"/>
        <source>…and %n more</source>
        <translation>
            <numerusform>…还有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>vLLM custom JSONL</source>
        <translation>vLLM 自定义 JSONL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>chat messages JSONL</source>
        <translation>聊天消息 JSONL</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ShareGPT JSON</source>
        <translation>ShareGPT JSON</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>auto-detected</source>
        <translation>自动检测</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>output lengths are estimated as ceil(characters / 4) of each reply, since no tokenizer is used</source>
        <translation>由于未使用分词器，输出长度按每条回复的 ceil(字符数 / 4) 估算</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 must be an integer ≥ 1</source>
        <translation>%1 必须是 ≥ 1 的整数</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no %1</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 must be a string</source>
        <translation>%1 必须是字符串</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>message %1 must be an object</source>
        <translation>消息 %1 必须是对象</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>message %1: %2 must be &quot;system&quot;, &quot;user&quot; or &quot;assistant&quot;</source>
        <translation>消息 %1：%2 必须是 &quot;system&quot;、&quot;user&quot; 或 &quot;assistant&quot;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>message %1: %2 must be a string</source>
        <translation>消息 %1：%2 必须是字符串</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 must be a non-empty list</source>
        <translation>%1 必须是非空列表</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no &quot;user&quot; message</source>
        <translation>没有 &quot;user&quot; 消息</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>invalid JSON (%1 at column %2)</source>
        <translation>无效的 JSON（第 %2 列：%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>turn %1 must be an object with a string %2</source>
        <translation>第 %1 轮必须是带有字符串 %2 的对象</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>turn %1: %2 must be a string</source>
        <translation>第 %1 轮：%2 必须是字符串</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>must be an object with a %1 list</source>
        <translation>必须是带有 %1 列表的对象</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n without a human turn</source>
        <translation>
            <numerusform>%n 条没有用户（human）轮次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n without a reply to the first human turn</source>
        <translation>
            <numerusform>%n 条没有对第一个用户轮次的回复</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped as vLLM does: %1.</source>
        <translation>按 vLLM 的做法跳过：%1。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The file is not valid JSON: %1 on line %2.</source>
        <translation>该文件不是有效的 JSON：第 %2 行，%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A ShareGPT file is a JSON array of conversations; this one is not an array.</source>
        <translation>ShareGPT 文件是由对话组成的 JSON 数组；此文件不是数组。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>entry %1: %2</source>
        <translation>第 %1 条：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>A JSON array (the file starts with &quot;[&quot;): ShareGPT; %1.</source>
        <translation>JSON 数组（文件以 &quot;[&quot; 开头）：ShareGPT；%1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>line %1: %2, so the format cannot be detected</source>
        <translation>第 %1 行：%2，因此无法检测格式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>JSONL whose first line has &quot;prompt&quot;: vLLM custom.</source>
        <translation>首行含有 &quot;prompt&quot; 的 JSONL：vLLM 自定义格式。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>JSONL whose first line has &quot;messages&quot;: chat messages.</source>
        <translation>首行含有 &quot;messages&quot; 的 JSONL：聊天消息格式。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>line %1: neither &quot;prompt&quot; (vLLM custom) nor &quot;messages&quot; (chat) nor a JSON array (ShareGPT); its keys: %2</source>
        <translation>第 %1 行：既没有 &quot;prompt&quot;（vLLM 自定义），也没有 &quot;messages&quot;（聊天），也不是 JSON 数组（ShareGPT）；其键为：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Read as %1, as asked.</source>
        <translation>按要求读取为 %1。</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Read as %1, as asked; %2.</source>
        <translation>按要求读取为 %1；%2。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Reading the file was interrupted.</source>
        <translation>读取文件已中断。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read the file: %1</source>
        <translation>无法读取该文件：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The file holds more than %1, the most a dataset may hold.</source>
        <translation>该文件超过 %1，即数据集允许的最大大小。</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>the file has more than %1 lines, the most a dataset may have.</source>
        <translation>文件超过 %1 行，这是数据集允许的最大行数。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>line %1 is longer than %2, the most a line may hold; a JSONL file has one prompt per line.</source>
        <translation>第 %1 行超过 %2，即一行允许的最大长度；JSONL 文件每行一个提示词。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The file holds no usable prompt: %1</source>
        <translation>该文件没有可用的提示词：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file holds no prompt.</source>
        <translation>该文件没有提示词。</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The file is empty.</source>
        <translation>该文件为空。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>TokenScope::DeltaTableModel</name>
    <message>
        <location filename="../../ui/history/deltatablemodel.cpp" line="+178"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 pts</source>
        <extracomment>a change of the error rate in percentage points, e.g. &quot;+32.1 pts&quot;</extracomment>
        <translation>%1 个百分点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2%)</source>
        <extracomment>a delta: absolute change, then the change in % of the baseline, e.g. &quot;-3.40 (-22.0%)&quot;</extracomment>
        <translation>%1 (%2%)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not measured in one of the runs at this concurrency.</source>
        <translation>在此并发下，其中一次运行没有测量值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>better than the baseline</source>
        <translation>优于基线</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>worse than the baseline</source>
        <translation>劣于基线</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1 against the baseline %2</source>
        <translation>%1 对比基线 %2</translation>
    </message>
    <message>
        <location line="-215"/>
        <source>%1 (repeat %2)</source>
        <extracomment>a level a run measured more than once (1,4,1): %2 counts the repeats</extracomment>
        <translation>%1（第 %2 次重复）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>concurrency %1</source>
        <translation>并发 %1</translation>
    </message>
    <message>
        <location line="+170"/>
        <source>%1 at %7: %2 %3, baseline %4 %5 (%6)</source>
        <extracomment>%1 metric title, %2 run, %3 its value, %4 baseline run, %5 its value, %6 better/worse, %7 the level</extracomment>
        <translation>%1（%7）：%2 %3，基线 %4 %5（%6）</translation>
    </message>
    <message>
        <location line="+97"/>
        <source>Failed requests in % of the level&apos;s requests: the run&apos;s rate minus the baseline&apos;s, in percentage points. Lower is better; a change under %1 point is not coloured.</source>
        <translation>失败请求占该级别请求数的百分比：运行的比率减去基线的比率，单位为百分点。越低越好；变化小于 %1 个百分点时不着色。</translation>
    </message>
    <message>
        <location line="-214"/>
        <source>Run minus baseline, and that in % of the baseline. Higher is better.</source>
        <translation>运行值减去基线值，以及该差值占基线的百分比。越高越好。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run minus baseline, and that in % of the baseline. Lower is better.</source>
        <translation>运行值减去基线值，以及该差值占基线的百分比。越低越好。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A change under %1% is not coloured.</source>
        <translation>变化小于 %1% 时不着色。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Coloured when the difference is real: the two runs&apos; 95 % intervals do not overlap (without an interval in either run: a change of %1% or more).</source>
        <translation>差异真实时着色：两次运行的 95 % 区间不重叠（任一运行没有区间时：变化达到 %1% 或以上）。</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>within noise of the baseline</source>
        <translation>与基线的差异在噪声范围内</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Δ %1</source>
        <extracomment>a delta column&apos;s title: &quot;Δ&quot; then the metric with its unit, e.g. &quot;Δ TTFT P50 (ms)&quot;</extracomment>
        <translation>Δ %1</translation>
    </message>
</context>
<context>
    <name>TokenScope::EndpointProfile</name>
    <message>
        <location filename="../../app/store/endpointprofile.cpp" line="+46"/>
        <source>Built-in simulator</source>
        <translation>内置模拟器</translation>
    </message>
</context>
<context>
    <name>TokenScope::EndpointUrl</name>
    <message>
        <location filename="../../app/net/endpointurl.cpp" line="+87"/>
        <source>The Base URL already ends with %1, which TokenScope appends itself. Enter the part before it: %2</source>
        <translation>Base URL 已以 %1 结尾，而 TokenScope 会自行追加该路径。请输入它前面的部分：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The Base URL contains a doubled /v1 (%1), which servers answer with 404. Did you mean %2?</source>
        <translation>Base URL 中的 /v1 重复了（%1），服务器会对此返回 404。你是想输入 %2 吗？</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The Base URL is empty. Enter the address your provider prints, e.g. http://127.0.0.1:8000/v1</source>
        <translation>Base URL 为空。请输入服务商给出的地址，例如 http://127.0.0.1:8000/v1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The Base URL &quot;%1&quot; is not an http:// or https:// address with a host, e.g. https://api.example.com/v1</source>
        <translation>Base URL &quot;%1&quot; 不是带主机的 http:// 或 https:// 地址，例如 https://api.example.com/v1</translation>
    </message>
</context>
<context>
    <name>TokenScope::HeaderRules</name>
    <message>
        <location filename="../../app/net/headerrules.cpp" line="+51"/>
        <source>The header name &quot;%1&quot; is not valid: a name is letters, digits and !#$%&amp;&apos;*+-.^_`|~ only (no spaces, colons or line breaks).</source>
        <translation>请求头名称 &quot;%1&quot; 无效：名称只能包含字母、数字和 !#$%&amp;&apos;*+-.^_`|~（不能有空格、冒号或换行）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The value of header %1 contains a control character (0x%2): line breaks (CR, LF) and NUL would end the header early and could smuggle a second request. Only tabs are allowed.</source>
        <translation>请求头 %1 的值包含控制字符 (0x%2)：换行符（CR、LF）和 NUL 会提前结束请求头，并可能夹带第二个请求。只允许制表符。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The header %1 cannot be set: the HTTP transport writes it itself (it decides how the request is framed and sent), and a second value would corrupt the request.</source>
        <translation>不能设置请求头 %1：它由 HTTP 传输层自行写入（决定请求如何分帧和发送），第二个值会破坏请求。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The header %1 carries the API key for this API kind, which TokenScope sends itself: set the key instead (--api-key-env, --api-key-stdin, or the profile&apos;s key). To send your own %1 in place of the key, add --replace-auth-header (tokenscope-cli).</source>
        <translation>对于此 API 类型，请求头 %1 携带 API 密钥，由 TokenScope 自行发送：请改为设置密钥（--api-key-env、--api-key-stdin 或配置文件中的密钥）。若要用自己的 %1 代替密钥，请添加 --replace-auth-header（tokenscope-cli）。</translation>
    </message>
</context>
<context>
    <name>TokenScope::HistogramChart</name>
    <message>
        <location filename="../../ui/charts/histogramchart.cpp" line="+87"/>
        <location line="+12"/>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Chunk gaps</source>
        <translation>分块间隔</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Time to first token (ms)</source>
        <translation>首 token 时间 (ms)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gap between chunks (ms)</source>
        <translation>分块间隔 (ms)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Gaps</source>
        <translation>间隔数</translation>
    </message>
    <message>
        <location line="+176"/>
        <source>TTFT histogram</source>
        <translation>TTFT 直方图</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ITL histogram</source>
        <translation>ITL 直方图</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>n = %1</source>
        <extracomment>n = the number of requests in the histogram</extracomment>
        <translation>n = %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>n = %1 gaps</source>
        <translation>n = %1 个间隔</translation>
    </message>
    <message>
        <location line="+171"/>
        <source>%1 of %3 request (%2 %)</source>
        <translation>%3 个请求中的 %1 个（%2%）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 of %3 requests (%2 %)</source>
        <translation>%3 个请求中的 %1 个（%2%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %3 gap (%2 %)</source>
        <translation>%3 个间隔中的 %1 个（%2%）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 of %3 gaps (%2 %)</source>
        <translation>%3 个间隔中的 %1 个（%2%）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 above %2 ms (far out, up to %3 ms)
%4</source>
        <extracomment>the hatched bar of far-out values: above which value, and the largest value</extracomment>
        <translation>%1 高于 %2 ms（离群值，最大 %3 ms）
%4</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 % took at most %2 ms</source>
        <translation>%1% 的请求耗时不超过 %2 ms</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 % of gaps were at most %2 ms</source>
        <translation>%1% 的间隔不超过 %2 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 % took less than %2 ms</source>
        <translation>%1% 的请求耗时少于 %2 ms</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 % of gaps were shorter than %2 ms</source>
        <translation>%1% 的间隔短于 %2 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2–%3 ms
%4
%5</source>
        <translation>%1 %2–%3 ms
%4
%5</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No run yet.
Press Run (%1) to measure the selected endpoint: the built-in simulator needs no setup.</source>
        <translation>尚无运行。
点击“运行”（%1）即可测量所选端点：内置模拟器无需任何设置。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No requests at %1: choose another level or all levels</source>
        <translation>%1 下没有请求：请选择其他级别或所有级别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting for the first request to complete</source>
        <translation>正在等待第一个请求完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This run has no measured requests</source>
        <translation>此运行没有已测量的请求</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No request completed: the Requests tab shows why each one failed</source>
        <translation>没有请求完成：“请求数”标签页中显示了每个请求失败的原因</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every response had fewer than %1 output tokens: ITL leaves them out (min tokens for TPOT in Run settings)</source>
        <translation>所有响应的输出 token 数均少于 %1：ITL 不计入这些响应（见运行设置中的“TPOT 最少 token 数”）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No gaps between chunks: every response long enough for ITL came in a single chunk</source>
        <translation>没有分块间隔：每个足够长、可计入 ITL 的响应都只有一个分块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No completed request has a first token</source>
        <translation>没有任何已完成的请求收到首 token</translation>
    </message>
    <message>
        <location line="-240"/>
        <source>all levels</source>
        <translation>所有级别</translation>
    </message>
    <message numerus="yes">
        <location line="+66"/>
        <source>Last bar: %n far-out value(s) above %1 ms, up to %2 ms</source>
        <translation>
            <numerusform>最后一栏：%n 个高于 %1 ms 的离群值，最大 %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>P50 %1 ms</source>
        <extracomment>P50 = median, the 50th percentile</extracomment>
        <translation>P50 %1 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P95 %1 ms</source>
        <translation>P95 %1 ms</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>≤ %1 ms</source>
        <extracomment>above the bar of far-out values: how far they went, in milliseconds</extracomment>
        <translation>≤ %1 ms</translation>
    </message>
</context>
<context>
    <name>TokenScope::HistoryModel</name>
    <message>
        <location filename="../../ui/history/historymodel.cpp" line="+125"/>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+315"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="-313"/>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>%1 (A/B)</source>
        <translation>%1 (A/B)</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+6"/>
        <location line="+11"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 → %2 ms</source>
        <extracomment>TTFT P50 at the lowest, then at the highest concurrency</extracomment>
        <translation>%1 → %2 ms</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 (%2)</source>
        <extracomment>output tokens per second at the level&apos;s load point, e.g. &quot;r=40/s&quot;</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (c=%2)</source>
        <extracomment>output tokens per second at concurrency %2</extracomment>
        <translation>%1 (c=%2)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1/%2</source>
        <extracomment>a run&apos;s place in a repeated run: repeat 2 of 3</extracomment>
        <translation>%1/%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Measured from %1</source>
        <translation>测量主机：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 ms</source>
        <translation>%1：%2 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>concurrency %1: %2 ms</source>
        <translation>并发 %1：%2 ms</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Requests measured: warm-ups and requests sent while the rate ramped up are left out, as in every other view</source>
        <translation>已测量的请求：预热请求和速率爬升期间发送的请求不计入，与其他所有视图一致</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Repeat %1 of %2 of the series that began with run #%3</source>
        <translation>第 %1 次重复（共 %2 次），所属系列始于运行 #%3</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1
Not named yet: Rename… gives it a name.</source>
        <translation>%1
尚未命名：用“重命名…”为它命名。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Median time to first token at the lowest and at the highest concurrency</source>
        <translation>最低并发与最高并发下首 token 时间的中位数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens per second at the highest concurrency (c)</source>
        <translation>最高并发 (c) 下每秒输出的 token 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Concurrency levels measured</source>
        <translation>已测量的并发级别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The run&apos;s place in a repeated run; sort by it to keep each series together</source>
        <translation>该运行在重复运行中的序号；按此列排序可让每个系列排在一起</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The endpoint profile the run used; empty for runs of tokenscope-cli and runs recorded before profiles were kept</source>
        <translation>本次运行使用的端点配置；tokenscope-cli 的运行以及开始记录配置之前的运行为空</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Levels</source>
        <translation>级别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tok/s</source>
        <translation>输出 tok/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repeat</source>
        <translation>重复</translation>
    </message>
</context>
<context>
    <name>TokenScope::HistoryView</name>
    <message>
        <location filename="../../ui/history/historyview.cpp" line="+120"/>
        <source>Filter by name, model, endpoint or tag</source>
        <translation>按名称、模型、端点或标签筛选</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>Could not read the run history: %1</source>
        <translation>无法读取运行历史记录：%1</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show this run&apos;s charts and tables (Enter)</source>
        <translation>显示此运行的图表和表格（Enter）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare the selected runs side by side (select two or more)</source>
        <translation>并排对比所选运行（请选择两次或更多）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Give this run a name</source>
        <translation>为此运行命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags…</source>
        <translation>标签…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Edit this run&apos;s tags</source>
        <translation>编辑此运行的标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+314"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="-314"/>
        <source>Delete the selected runs (Delete)</source>
        <translation>删除所选运行（Delete）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a new run with the same config (the key comes from the current profile)</source>
        <translation>以相同配置开始新的运行（密钥取自当前端点配置）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write this run&apos;s report files (CSV, JSON, Markdown, HTML)</source>
        <translation>写出此运行的报告文件（CSV、JSON、Markdown、HTML）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add a run written by tokenscope-cli run --out</source>
        <translation>添加由 tokenscope-cli run --out 写出的运行</translation>
    </message>
    <message>
        <location line="+216"/>
        <source>Repeat summary</source>
        <translation>重复运行汇总</translation>
    </message>
    <message>
        <location line="-208"/>
        <source>The spread between the selected runs (or a repeated run&apos;s series) next to the spread within each</source>
        <translation>所选运行（或一次重复运行的整个系列）之间的波动，与各次运行内部的波动并列显示</translation>
    </message>
    <message>
        <location line="-62"/>
        <source>&lt;p&gt;&lt;b&gt;No runs yet.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Every run you start is recorded here, with all its requests. &lt;b&gt;Import Run Directory…&lt;/b&gt; brings in a run made with &lt;tt&gt;tokenscope-cli run --out&lt;/tt&gt;, e.g. on a CI machine.&lt;/p&gt;&lt;p&gt;Select two runs and press &lt;b&gt;Compare&lt;/b&gt; to see which is faster, and why.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;还没有运行。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;你启动的每次运行都会连同其全部请求记录在这里。&lt;b&gt;导入运行目录…&lt;/b&gt; 可导入用 &lt;tt&gt;tokenscope-cli run --out&lt;/tt&gt; 生成的运行，例如在 CI 机器上生成的。&lt;/p&gt;&lt;p&gt;选择两次运行并按 &lt;b&gt;比较&lt;/b&gt;，即可看到哪个更快以及原因。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Run Again</source>
        <translation>再次运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Import Run Directory…</source>
        <translation>导入运行目录…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Repeat Summary</source>
        <translation>重复汇总</translation>
    </message>
    <message>
        <location line="+184"/>
        <source>Select two or more runs, or one run of a repeated run, for a repeat summary.</source>
        <translation>请选择两次或更多运行，或重复运行中的任意一次运行，以查看重复运行汇总。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot read run #%1: %2</source>
        <translation>无法读取运行 #%1：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n 次运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%1 of %n run(s) shown</source>
        <translation>
            <numerusform>显示 %1 / %n 次运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source> · %n selected</source>
        <translation>
            <numerusform> · 已选择 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · select another to compare</source>
        <translation> · 再选择一次运行即可对比</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Rename run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name (leave empty for the model and date):</source>
        <translation>名称（留空则使用模型和日期）：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tags, separated by commas:</source>
        <translation>标签，以英文逗号 (,) 分隔：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Delete runs</source>
        <translation>删除运行</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n run(s) with all their requests? This cannot be undone.</source>
        <translation>
            <numerusform>删除 %n 次运行及其所有请求？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Import a run directory, or the parent of A/ and B/ from tokenscope-cli --ab-model</source>
        <translation>导入一个运行目录，或 tokenscope-cli --ab-model 写出的 A/ 和 B/ 的上级目录</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Could not rename the run: %1</source>
        <translation>无法重命名运行：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not change the tags: %1</source>
        <translation>无法更改标签：%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Could not delete every run: %1</source>
        <translation>未能删除所有运行：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not import %1: %2</source>
        <translation>无法导入 %1：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Could not read the run: %1</source>
        <translation>无法读取运行：%1</translation>
    </message>
</context>
<context>
    <name>TokenScope::InputFile</name>
    <message>
        <location filename="../../app/core/inputfile.cpp" line="+32"/>
        <source>it is a named pipe (FIFO), not a regular file</source>
        <translation>它是命名管道（FIFO），不是普通文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is a device, not a regular file</source>
        <translation>它是设备，不是普通文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is a directory, not a regular file</source>
        <translation>它是目录，不是普通文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is a socket, not a regular file</source>
        <translation>它是套接字，不是普通文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>it holds %1 bytes, more than the %2 such a file may hold</source>
        <extracomment>%1: the file&apos;s size in bytes, %2: the limit, e.g. 16 MiB</extracomment>
        <translation>它有 %1 字节，超过此类文件允许的 %2</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>reading it was interrupted</source>
        <translation>读取已中断</translation>
    </message>
</context>
<context>
    <name>TokenScope::MainWindow</name>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+70"/>
        <source>TokenScope</source>
        <translation>TokenScope</translation>
    </message>
    <message>
        <location filename="../../ui/views/runstatus.cpp" line="+21"/>
        <source>In flight: %1</source>
        <translation>进行中：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Elapsed %1</source>
        <translation>已用时 %1</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+31"/>
        <source>Run history is off: %1</source>
        <translation>运行历史记录不可用：%1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 of %2 repeats ran: select them in History and choose Repeat summary to see the spread between them.</source>
        <translation>已完成 %2 次重复中的 %1 次：在“历史记录”中选中它们并选择“重复运行汇总”，即可查看它们之间的波动。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Run history: %1</source>
        <translation>运行历史记录：%1</translation>
    </message>
    <message>
        <location line="+249"/>
        <source>Requests</source>
        <comment>the tab listing every request</comment>
        <translation>请求</translation>
    </message>
    <message>
        <location line="+147"/>
        <source>Reading the dataset before the run…</source>
        <translation>运行前正在读取数据集…</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The run did not start: the dataset file cannot be sent (Run settings, File).</source>
        <translation>运行未开始：数据集文件无法发送（运行设置，文件）。</translation>
    </message>
    <message>
        <location filename="../../ui/views/runstatus.cpp" line="+87"/>
        <source>Opened the run of %1.</source>
        <translation>已打开 %1 的运行。</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="-380"/>
        <source>Cannot open the stored run: %1</source>
        <translation>无法打开已保存的运行：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot compare these runs: %1</source>
        <translation>无法对比这些运行：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The run settings are loaded. That run measured %1 at %2: select its profile (and model ID), then press Run.</source>
        <translation>运行设置已加载。该运行测量的是 %2 上的 %1：请选择其端点配置（和模型 ID），然后点击“运行”。</translation>
    </message>
    <message>
        <location filename="../../ui/window/mainmenus.cpp" line="+17"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../ui/views/exportoffer.cpp" line="+33"/>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+66"/>
        <source>The Markdown report is on the clipboard.</source>
        <translation>Markdown 报告已复制到剪贴板。</translation>
    </message>
    <message>
        <location filename="../../ui/views/chartspane.cpp" line="+169"/>
        <source>%1, %2</source>
        <extracomment>the run a chart shows: model and start time</extracomment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="-102"/>
        <location line="+120"/>
        <source>All levels</source>
        <translation>所有级别</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>By turn</source>
        <translation>按轮次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show one level of the run in the timeline, the histograms and By turn</source>
        <translation>在时间线、直方图和“按轮次”中只显示运行的一个级别</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Wheel: zoom · drag: pan · double-click: whole run</source>
        <translation>滚轮：缩放 · 拖动：平移 · 双击：整个运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 / %2: previous / next chart</source>
        <translation>%1 / %2：上一个 / 下一个图表</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Shift+wheel: zoom the rows · click a row: that request in Requests</source>
        <translation>Shift+滚轮：缩放行 · 单击一行：在请求列表中查看该请求</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Level %1</source>
        <translation>级别 %1</translation>
    </message>
    <message>
        <location filename="../../ui/window/mainmenus.cpp" line="+7"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+1"/>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+15"/>
        <source>Send one short streaming request and explain what came back (%1)</source>
        <translation>发送一个简短的流式请求，并解释返回的结果（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start the run (%1)</source>
        <translation>开始运行（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel the run, keeping every finished request (%1)</source>
        <translation>取消运行，保留所有已完成的请求（%1）</translation>
    </message>
    <message>
        <location filename="../../ui/window/mainmenus.cpp" line="+2"/>
        <source>Run &amp;A/B Interleaved…</source>
        <translation>运行 A/B 交错对比(&amp;A)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Test Connection…</source>
        <translation>测试连接(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings Panel</source>
        <translation>设置面板(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show or hide the endpoint and run settings, for more room for the charts</source>
        <translation>显示或隐藏端点和运行设置，为图表留出更多空间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Metrics Explained</source>
        <translation>指标说明(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About TokenScope</source>
        <translation>关于 TokenScope(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../ui/views/runcontrols.cpp" line="+22"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+16"/>
        <source>&amp;Endpoint</source>
        <translation>端点(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run &amp;settings</source>
        <translation>运行设置(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../ui/views/chartspane.cpp" line="-134"/>
        <source>Token timeline</source>
        <translation>Token 时间线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTFT histogram</source>
        <translation>TTFT 直方图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ITL histogram</source>
        <translation>ITL 直方图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Throughput &amp;&amp; in flight</source>
        <translation>吞吐量与进行中的请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serving curve</source>
        <translation>服务曲线</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+87"/>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location filename="../../ui/views/exportoffer.cpp" line="+18"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <location filename="../../ui/dialogs/helpdialogs.cpp" line="+12"/>
        <source>About TokenScope</source>
        <translation>关于 TokenScope</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;TokenScope %1&lt;/h3&gt;&lt;p&gt;Measures how OpenAI-compatible LLM endpoints stream: TTFT, TPOT, ITL, end-to-end latency and throughput, per token and per request.&lt;/p&gt;&lt;p&gt;License: GPL-3.0-or-later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TokenScope %1&lt;/h3&gt;&lt;p&gt;测量 OpenAI 兼容 LLM 端点的流式输出表现：TTFT、TPOT、ITL、端到端延迟和吞吐量，精确到每个 token 和每个请求。&lt;/p&gt;&lt;p&gt;许可证：GPL-3.0-or-later。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+40"/>
        <source>The built-in simulator could not start: %1</source>
        <translation>内置模拟器无法启动：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Built-in simulator listening on %1</source>
        <translation>内置模拟器正在监听 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Port %1 is taken (another TokenScope?), so the built-in simulator listens on %2 for this session.</source>
        <translation>端口 %1 已被占用（另一个 TokenScope？），因此本次会话中内置模拟器在 %2 上监听。</translation>
    </message>
    <message>
        <location filename="../../ui/views/runcontrols.cpp" line="+45"/>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+140"/>
        <source>Running against %1</source>
        <translation>正在测试 %1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Repeat %1 of %2 · %3</source>
        <translation>第 %1/%2 次重复 · %3</translation>
    </message>
    <message>
        <location filename="../../ui/views/runstatus.cpp" line="-81"/>
        <source>Calibrating prompt lengths (probe %1)</source>
        <translation>正在校准提示词长度（第 %1 次探测）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Level %1 of %2</source>
        <translation>第 %1/%2 级</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 × %2 endpoints</source>
        <translation>%1 × %2 个端点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>conversations %1/%2</source>
        <translation>对话 %1/%2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n conversation(s) done</source>
        <translation>
            <numerusform>已完成 %n 个对话</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>turns %1/%2</source>
        <translation>轮次 %1/%2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n turn(s) done</source>
        <translation>
            <numerusform>已完成 %n 轮</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n done</source>
        <translation>
            <numerusform>已完成 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 s of %2 s</source>
        <translation>%1 秒 / 共 %2 秒</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>%n level(s) done</source>
        <translation>
            <numerusform>已完成 %n 个级别</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>about %n more</source>
        <extracomment>the levels a sweep or a max-rate search is expected to run still, the current one included</extracomment>
        <translation>
            <numerusform>约还有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run %1%</source>
        <translation>运行 %1%</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>about %1 left</source>
        <extracomment>%1: a duration as a clock reads it, e.g. 1:20</extracomment>
        <translation>约剩 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Run cancelled; the %n finished request(s) are kept.</source>
        <translation>
            <numerusform>运行已取消；已保留 %n 个已完成的请求。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run failed: no request succeeded. The Requests tab says why each one failed.</source>
        <translation>运行失败：没有请求成功。“请求数”标签页中说明了每个请求失败的原因。</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Run finished · %1 · %n request(s) measured.</source>
        <translation>
            <numerusform>运行完成 · %1 · 已测量 %n 个请求。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+47"/>
        <source>No server figures: %1 was not scraped during the run.</source>
        <translation>没有服务器数据：运行期间未抓取 %1。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>No server figures: none of the %n scrape(s) of %1 succeeded.</source>
        <translation>
            <numerusform>没有服务器数据：对 %1 的 %n 次抓取均未成功。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Server metrics from %1: %2 of %n scrape(s) succeeded.</source>
        <translation>
            <numerusform>来自 %1 的服务器指标：%n 次抓取中 %2 次成功。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n scrape(s) failed.</source>
        <translation>
            <numerusform>%n 次抓取失败。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>First error: %1</source>
        <translation>第一个错误：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>None exposed running or waiting requests or KV-cache usage under a name TokenScope knows, so there are no server figures.</source>
        <translation>没有一次抓取以 TokenScope 认识的名称给出运行中或等待中的请求数或 KV 缓存使用率，因此没有服务器数据。</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%n sample(s) left out: a scrape exposed more series than are kept.</source>
        <translation>
            <numerusform>略去 %n 个样本：一次抓取给出的序列多于保留的上限。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n server value(s) out of range not taken as figures.</source>
        <translation>
            <numerusform>%n 个超出范围的服务器数值未计入数据。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+42"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../../ui/views/runstatus.cpp" line="-149"/>
        <source>Warm-up · %1/%2</source>
        <translation>预热 · %1/%2</translation>
    </message>
    <message numerus="yes">
        <location line="+65"/>
        <source>Run finished · %1 · %n request(s) measured. %2</source>
        <extracomment>%2: how a sweep or a max-rate search ended, e.g. the rate it found</extracomment>
        <translation>
            <numerusform>运行完成 · %1 · 已测量 %n 个请求。%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n level(s) did not keep their schedule: hover the highlighted Load cells in Runs.</source>
        <translation>
            <numerusform>%n 个级别未能按计划发送：请将鼠标悬停在“运行记录”中高亮的“负载”单元格上查看。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>%n level(s) sent prompts off their length: hover the highlighted Input tokens cells.</source>
        <translation>
            <numerusform>%n 个级别发送的提示词偏离了目标长度：请将鼠标悬停在高亮的“输入 token”单元格上查看。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n level(s) had answers that stopped before max_tokens: hover the highlighted TPOT cells.</source>
        <translation>
            <numerusform>%n 个级别的回答在达到 max_tokens 之前就结束了：请将鼠标悬停在高亮的 TPOT 单元格上查看。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../ui/mainwindow.cpp" line="+96"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run failed.</source>
        <translation>运行失败。</translation>
    </message>
</context>
<context>
    <name>TokenScope::ModelList</name>
    <message>
        <location filename="../../app/probe/modellist.cpp" line="+199"/>
        <source>The model list request was cancelled.</source>
        <translation>模型列表请求已取消。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No model list from %1 within %2 s: the server may be down, slow or unreachable from here.</source>
        <translation>%2 秒内未从 %1 收到模型列表：服务器可能已宕机、响应缓慢，或从此处无法访问。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The answer from %1 is not a model list, so this endpoint does not list models: type the model ID yourself.</source>
        <translation>%1 返回的不是模型列表，因此此端点不提供模型列表：请自行输入模型 ID。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The server said: &quot;%1&quot;</source>
        <translation>服务器返回：&quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 does not list models (HTTP %2): type the model ID yourself.</source>
        <translation>%1 不提供模型列表（HTTP %2）：请自行输入模型 ID。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server refused the credential (HTTP %1): an OAuth or subscription login, as Claude Code or Codex use, is not an API key. Create an API key in the provider&apos;s console and enter that.</source>
        <translation>服务器拒绝了该凭据（HTTP %1）：Claude Code 或 Codex 所用的 OAuth 或订阅登录凭据不是 API 密钥。请在服务商的控制台中创建 API 密钥并输入该密钥。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The server wants an API key (HTTP 401) and none is set: enter the key%1.</source>
        <translation>服务器要求提供 API 密钥（HTTP 401），但未设置密钥：请输入密钥%1。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> (for Anthropic, what ANTHROPIC_API_KEY holds)</source>
        <translation> （对于 Anthropic，即 ANTHROPIC_API_KEY 中保存的值）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server refused the API key (HTTP 401): check the key. Anthropic wants an Anthropic API key (what ANTHROPIC_API_KEY holds, starting with sk-ant-) in x-api-key, not a Bearer token.</source>
        <translation>服务器拒绝了 API 密钥（HTTP 401）：请检查密钥。Anthropic 要求在 x-api-key 中提供 Anthropic API 密钥（即 ANTHROPIC_API_KEY 中保存的值，以 sk-ant- 开头），而不是 Bearer 令牌。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The server refused the API key (HTTP 401): check that the key is complete, not revoked, and belongs to this provider.</source>
        <translation>服务器拒绝了 API 密钥（HTTP 401）：请检查密钥是否完整、未被吊销，且属于该服务商。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Access refused (HTTP 403): the key may not be allowed to list models. Check its permissions, or type the model ID yourself.</source>
        <translation>访问被拒绝（HTTP 403）：该密钥可能无权列出模型。请检查其权限，或自行输入模型 ID。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rate limited (HTTP 429): wait a moment and ask again.</source>
        <translation>请求被限流（HTTP 429）：请稍等片刻后再次获取。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The server is overloaded (HTTP %1): try again later.</source>
        <translation>服务器过载（HTTP %1）：请稍后重试。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server answered HTTP %1 to %2 instead of a model list.</source>
        <translation>服务器对 %2 返回了 HTTP %1，而不是模型列表。</translation>
    </message>
</context>
<context>
    <name>TokenScope::ProfileEditor</name>
    <message>
        <location filename="../../ui/profiles/profileeditor.cpp" line="+46"/>
        <source>Store the API key in plaintext?</source>
        <translation>以明文保存 API 密钥？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The key will be written as readable text into TokenScope&apos;s settings file, where any program or person with access to your account can read it, and backups may copy it.

Prefer an environment variable, or keep the key for this session only. Store it in plaintext anyway?</source>
        <translation>密钥将以可读文本写入 TokenScope 的设置文件，任何能访问你账户的程序或人员都能读取它，备份也可能会复制它。

建议改用环境变量，或仅在本次会话中保留密钥。仍要以明文保存吗？</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>OpenAI chat completions</source>
        <translation>OpenAI chat completions</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Completions (legacy)</source>
        <translation>Completions（旧版）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Use HTTP/2 (only for servers that speak it)</source>
        <translation>使用 HTTP/2（仅限支持它的服务器）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Multiplexes all streams on one connection. Against an HTTP/1-only server requests can hang, so it is off unless you turn it on.</source>
        <translation>在一个连接上复用所有流。对仅支持 HTTP/1 的服务器，请求可能会挂起，因此默认关闭，需要时请手动开启。</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>A JSON object merged into every request body; its keys override TokenScope&apos;s (model, max_tokens, temperature, ...).</source>
        <translation>合并到每个请求体中的 JSON 对象；其中的键会覆盖 TokenScope 自己的键（model、max_tokens、temperature 等）。</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base URL:</source>
        <translation>Base URL：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>API key:</source>
        <translation>API 密钥：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key storage:</source>
        <translation>密钥存储：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model ID:</source>
        <translation>模型 ID：</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>API:</source>
        <translation>API：</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>OpenAI Responses</source>
        <translation>OpenAI Responses</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Which streaming API the endpoint speaks: it decides the path TokenScope appends, the headers, the body and how the stream is read.</source>
        <translation>端点所使用的流式 API：它决定 TokenScope 追加的路径、请求头、请求体以及读取流的方式。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Headers:</source>
        <translation>请求头：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extra body:</source>
        <translation>附加请求体：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Proxy:</source>
        <translation>代理：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Metrics URL:</source>
        <translation>指标 URL：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transport:</source>
        <translation>传输方式：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Server preset:</source>
        <translation>服务器预设：</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Qt network (default)</source>
        <translation>Qt 网络（默认）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>libcurl</source>
        <translation>libcurl</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How requests travel. Qt network is the default. libcurl reads the sockets on worker threads and timestamps each read there: a fraction of the CPU per chunk, for high concurrency and for the most exact timings.</source>
        <translation>请求的传输方式。默认使用 Qt 网络。libcurl 在工作线程上读取套接字，并就地为每次读取打上时间戳：每个分块只需其一小部分 CPU 开销，适合高并发，也适合需要最精确计时的场合。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Busy-poll</source>
        <translation>忙轮询</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>libcurl: no wake-up delay, costs a core per worker</source>
        <translation>libcurl：无唤醒延迟，每个工作线程占用一个 CPU 核心</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The worker threads poll without sleeping while requests are in flight, so no read waits for an idle CPU to wake up. Worth it at one or a few streams on a laptop or a virtual machine.</source>
        <translation>请求进行期间，工作线程持续轮询而不休眠，因此任何读取都无需等待空闲的 CPU 被唤醒。在笔记本电脑或虚拟机上只跑一个或少数几个流时值得开启。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Forces every answer to its max_tokens, so TPOT is not measured on short answers. A gateway that refuses unknown fields fails every request with it.</source>
        <translation>强制每个回答都生成到其 max_tokens，这样 TPOT 就不会在过短的回答上测量。拒绝未知字段的网关会因此让每个请求都失败。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Server understands ignore_eos (vLLM, SGLang)</source>
        <translation>服务器支持 ignore_eos（vLLM、SGLang）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sends &quot;ignore_eos&quot;: true. %1</source>
        <translation>发送 &quot;ignore_eos&quot;: true。%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server understands min_tokens (vLLM)</source>
        <translation>服务器支持 min_tokens（vLLM）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sends &quot;min_tokens&quot; equal to each request&apos;s max_tokens. %1</source>
        <translation>发送与每个请求的 max_tokens 相等的 &quot;min_tokens&quot;。%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Per-chunk usage (vLLM, SGLang)</source>
        <translation>每分块用量（vLLM、SGLang）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sends &quot;stream_options&quot;: {&quot;continuous_usage_stats&quot;: true} beside include_usage, so every chunk says how many tokens it carried: the results then show a per-token ITL beside the per-chunk one. Chat and completions APIs only.</source>
        <translation>在 include_usage 之外再发送 &quot;stream_options&quot;: {&quot;continuous_usage_stats&quot;: true}，让每个分块都报告其携带的 token 数：结果中除按分块计算的 ITL 外，还会显示按 token 计算的 ITL。仅适用于 chat 和 completions API。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Choose to fill the options below…</source>
        <translation>选择后将填充下方选项…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ticks what the server understands: vLLM ignore_eos, min_tokens and per-chunk usage; SGLang ignore_eos and per-chunk usage. Nothing else changes.</source>
        <translation>勾选该服务器支持的选项：vLLM 为 ignore_eos、min_tokens 和每分块用量；SGLang 为 ignore_eos 和每分块用量。其他设置不变。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Fetch models</source>
        <translation>获取模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ask the endpoint which models it serves (GET …/models) and list them here</source>
        <translation>向端点查询其提供的模型（GET …/models）并在此列出</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Asking the endpoint for its models…</source>
        <translation>正在向端点查询模型…</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>What ANTHROPIC_BASE_URL would hold, e.g. https://api.anthropic.com or a gateway&apos;s https://gateway.example.com/anthropic; TokenScope appends %1.</source>
        <translation>即 ANTHROPIC_BASE_URL 中保存的值，例如 https://api.anthropic.com 或网关的 https://gateway.example.com/anthropic；TokenScope 会在其后追加 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the provider prints, usually ending in /v1; TokenScope appends %1.</source>
        <translation>服务商给出的地址，通常以 /v1 结尾；TokenScope 会在其后追加 %1。</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+459"/>
        <source>sk-...</source>
        <translation>sk-...</translation>
    </message>
    <message>
        <location line="-456"/>
        <location line="+5"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Show or hide the key</source>
        <translation>显示或隐藏密钥</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location line="+379"/>
        <source>OS keychain</source>
        <translation>系统钥匙串</translation>
    </message>
    <message>
        <location line="-364"/>
        <location line="+185"/>
        <source>Environment variable</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <location line="-528"/>
        <source>The built-in simulator runs inside TokenScope on this computer. tokenscope-sim (10 ms per token) and tokenscope-sim-fast (5 ms) share a small server: 8 requests at once, the rest queue, and each token takes 4 % longer per extra stream. tokenscope-sim-ideal (10 ms) never queues or slows. Create a new profile for a real endpoint.</source>
        <translation>内置模拟器在本机的 TokenScope 内运行。tokenscope-sim（每个词元 10 ms）和 tokenscope-sim-fast（5 ms）共享一台小型服务器：同时处理 8 个请求，其余排队，每多一个流，每个词元的耗时增加 4 %。tokenscope-sim-ideal（10 ms）从不排队也不变慢。要测试真实端点，请新建一个配置。</translation>
    </message>
    <message>
        <location line="+206"/>
        <source>Small server: 10 ms per token, 8 requests at once (the rest queue), 4 % slower per extra stream</source>
        <translation>小型服务器：每个词元 10 ms，同时处理 8 个请求（其余排队），每多一个流慢 4 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Small server, the same batch as tokenscope-sim: 5 ms per token, 4 % slower per extra stream</source>
        <translation>小型服务器，与 tokenscope-sim 共用批次：每个词元 5 ms，每多一个流慢 4 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ideal server: 10 ms per token at any concurrency, never queues</source>
        <translation>理想服务器：任何并发下每个词元 10 ms，从不排队</translation>
    </message>
    <message>
        <location line="+134"/>
        <location line="+186"/>
        <source>This session only</source>
        <translation>仅本次会话</translation>
    </message>
    <message>
        <location line="-185"/>
        <source>Plaintext in the settings file</source>
        <translation>明文保存在设置文件中</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The name of the environment variable that holds the key; it is read when a run starts.</source>
        <translation>保存密钥的环境变量名称；在运行开始时读取。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sent with every request. Values are stored in the settings file as text: put the API key in the key field, not here.</source>
        <translation>随每个请求发送。值以文本形式保存在设置文件中：请将 API 密钥填在密钥字段中，而不是这里。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>No proxy</source>
        <translation>不使用代理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System settings</source>
        <translation>系统设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System settings: the desktop&apos;s proxy, or the http_proxy, https_proxy and no_proxy environment variables.</source>
        <translation>系统设置：桌面环境的代理，或 http_proxy、https_proxy 和 no_proxy 环境变量。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>http://host:port or socks5://host:port; user:password@ if the proxy asks.</source>
        <translation>http://host:port 或 socks5://host:port；如果代理需要认证，加上 user:password@。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The server&apos;s Prometheus metrics (vLLM, SGLang, TGI, llama.cpp), read through each run: what the server was running and queueing beside what TokenScope measured. Empty: not read.</source>
        <translation>服务器的 Prometheus 指标（vLLM、SGLang、TGI、llama.cpp），在每次运行中读取：服务器正在运行和排队的请求，与 TokenScope 的测量并列显示。留空：不读取。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Use /metrics</source>
        <translation>使用 /metrics</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Send the API key to it</source>
        <translation>向其发送 API 密钥</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>On the Base URL&apos;s own host and port the metrics get the API key anyway. To any other address it is never sent unless this is ticked.</source>
        <translation>在 Base URL 自身的主机和端口上，指标请求总会带上 API 密钥。除非勾选此项，否则绝不会发送到其他地址。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>e.g. http://host:8000/metrics</source>
        <translation>例如 http://host:8000/metrics</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fills in the Base URL&apos;s host and port with /metrics, where vLLM, SGLang, TGI and llama.cpp serve theirs.</source>
        <translation>填入 Base URL 的主机和端口加上 /metrics，vLLM、SGLang、TGI 和 llama.cpp 在那里提供指标。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fills in %1: where vLLM, SGLang, TGI and llama.cpp serve their metrics.</source>
        <translation>填入 %1：vLLM、SGLang、TGI 和 llama.cpp 在那里提供指标。</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Plaintext...</source>
        <translation>明文...</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>No keychain: this session only</source>
        <translation>无钥匙串：仅限本次会话</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&lt;b&gt;No secure key storage on this system.&lt;/b&gt; No keychain answered (GNOME Keyring, KWallet or another Secret Service), so this key cannot be saved safely%1. Choose where the key comes from: an environment variable, this session only (typed again after a restart), or plaintext in the settings file.</source>
        <translation>&lt;b&gt;此系统上没有安全的密钥存储。&lt;/b&gt;没有钥匙串响应（GNOME Keyring、KWallet 或其他 Secret Service），因此无法安全保存此密钥%1。请选择密钥的来源：环境变量、仅本次会话（重启后需重新输入），或以明文保存在设置文件中。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>not needed</source>
        <translation>无需填写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>read from the environment variable</source>
        <translation>从环境变量读取</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not available: the key is kept for this session only.</source>
        <translation>不可用：密钥仅在本次会话中保留。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved in the OS keychain (service &quot;TokenScope&quot;).</source>
        <translation>保存在系统钥匙串中（服务名 &quot;TokenScope&quot;）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kept in memory until TokenScope quits; never written to disk.</source>
        <translation>保存在内存中直到 TokenScope 退出；从不写入磁盘。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Written as text into the settings file (you chose this).</source>
        <translation>以文本形式写入设置文件（这是你的选择）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Enter the name of the environment variable.</source>
        <translation>请输入环境变量的名称。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is not set in TokenScope&apos;s environment: runs will send no key.</source>
        <translation>TokenScope 的环境中未设置 %1：运行时将不发送密钥。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is set; its value is read when a run starts.</source>
        <translation>%1 已设置；其值在运行开始时读取。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Overrides what TokenScope sends: %1. The runs then measure that, whatever the form says.</source>
        <translation>将覆盖 TokenScope 发送的内容：%1。运行测量的将是覆盖后的设置，而不论表单中如何填写。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The profile needs a name.</source>
        <translation>端点配置需要一个名称。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Enter the Base URL, e.g. %1.</source>
        <translation>请输入 Base URL，例如 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Enter the model ID.</source>
        <translation>请输入模型 ID。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Enter the name of the environment variable that holds the API key.</source>
        <translation>请输入保存 API 密钥的环境变量名称。</translation>
    </message>
</context>
<context>
    <name>TokenScope::ProfilePanel</name>
    <message>
        <location filename="../../ui/profiles/profilepanel.cpp" line="+67"/>
        <source>Endpoint profile</source>
        <translation>端点配置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Empty Profile…</source>
        <translation>空配置…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From the Environment…</source>
        <translation>从环境变量…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A profile for each endpoint a coding tool&apos;s variables describe: OPENAI_BASE_URL, ANTHROPIC_BASE_URL and their keys</source>
        <translation>为编程工具的环境变量所描述的每个端点各创建一个端点配置：OPENAI_BASE_URL、ANTHROPIC_BASE_URL 及其密钥</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+154"/>
        <source>The keychain refused to give the key: %1</source>
        <translation>钥匙串拒绝提供密钥：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The keychain did not save the key: %1</source>
        <translation>钥匙串未能保存密钥：%1</translation>
    </message>
    <message>
        <location line="+98"/>
        <source>New profile</source>
        <translation>新建端点配置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name of the endpoint profile:</source>
        <translation>端点配置名称：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New endpoint</source>
        <translation>新端点</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Anthropic Messages</source>
        <translation>Anthropic Messages</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenAI chat completions</source>
        <translation>OpenAI chat completions</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · no key</source>
        <translation> · 无密钥</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> · key from %1</source>
        <translation> · 密钥来自 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · model %1</source>
        <translation> · 模型 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing in the environment</source>
        <translation>环境中没有可导入的端点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TokenScope&apos;s environment sets none of OPENAI_BASE_URL, OPENAI_API_KEY, ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN.

Start TokenScope from the shell where your coding tool is configured, or create an empty profile.</source>
        <translation>TokenScope 的环境中未设置 OPENAI_BASE_URL、OPENAI_API_KEY、ANTHROPIC_BASE_URL、ANTHROPIC_API_KEY 或 ANTHROPIC_AUTH_TOKEN 中的任何一个。

请从已配置好编程工具的 shell 中启动 TokenScope，或创建一个空白端点配置。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>New profile from the environment</source>
        <translation>从环境变量新建端点配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint (its key stays in the environment variable: no keychain answers):</source>
        <translation>端点（其密钥保留在环境变量中：没有钥匙串响应）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Endpoint (its key is stored in the OS keychain, never in the settings file):</source>
        <translation>端点（其密钥保存在系统钥匙串中，从不写入设置文件）：</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>%n model(s) listed by the endpoint.</source>
        <translation>
            <numerusform>端点列出了 %n 个模型。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The endpoint lists no models: type the model ID.</source>
        <translation>端点未列出任何模型：请输入模型 ID。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Duplicate profile</source>
        <translation>复制端点配置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name of the copy:</source>
        <translation>副本名称：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Rename profile</source>
        <translation>重命名端点配置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Delete profile</source>
        <translation>删除端点配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the profile &quot;%1&quot; and its stored API key?</source>
        <translation>删除端点配置“%1”及其保存的 API 密钥？</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>That profile no longer exists.</source>
        <translation>该端点配置已不存在。</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+37"/>
        <source>The built-in simulator is not running.</source>
        <translation>内置模拟器未运行。</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>The API key of “%1” is not loaded yet: select that profile once, then come back.</source>
        <translation>“%1”的 API 密钥尚未加载：请先选择一次该端点配置，然后再回来。</translation>
    </message>
</context>
<context>
    <name>TokenScope::RequestBuilder</name>
    <message>
        <location filename="../../app/net/requestbuilder.cpp" line="+38"/>
        <source>Cannot read the CA file %1: %2</source>
        <translation>无法读取 CA 文件 %1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The CA file %1 holds no PEM certificate (a block starting with -----BEGIN CERTIFICATE-----).</source>
        <translation>CA 文件 %1 中没有 PEM 证书（以 -----BEGIN CERTIFICATE----- 开头的块）。</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>Extra body is not valid JSON: %1 at offset %2</source>
        <translation>附加请求体不是有效的 JSON：%1（偏移量 %2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Extra body must be a JSON object, e.g. {&quot;top_p&quot;: 0.9}</source>
        <translation>附加请求体必须是 JSON 对象，例如 {&quot;top_p&quot;: 0.9}</translation>
    </message>
</context>
<context>
    <name>TokenScope::RequestDetailView</name>
    <message>
        <location filename="../../ui/views/requestdetailview.cpp" line="+48"/>
        <source>Connect started</source>
        <translation>开始连接</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Queued in the client</source>
        <translation>在客户端排队</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No new connection: a pre-opened or kept-alive one was reused</source>
        <translation>未新建连接：复用了预先打开或保持活动的连接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TLS established</source>
        <translation>TLS 已建立</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>TCP connect and TLS handshake</source>
        <translation>TCP 连接和 TLS 握手</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Plain HTTP or a reused connection</source>
        <translation>普通 HTTP 或复用的连接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request sent</source>
        <translation>请求已发送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCP connect and sending</source>
        <translation>TCP 连接和发送</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sending</source>
        <translation>发送</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Headers received</source>
        <translation>已收到响应头</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+184"/>
        <source>First byte</source>
        <translation>首字节</translation>
    </message>
    <message>
        <location line="-186"/>
        <source>Waiting for the status line and headers</source>
        <translation>等待状态行和响应头</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Waiting for the first body byte (often the server&apos;s queue and prefill)</source>
        <translation>等待响应体首字节（通常是服务器排队和预填充）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First token</source>
        <translation>首 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First bytes without text (role chunk, comments)</source>
        <translation>不含文本的首批字节（role 分块、注释）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last token</source>
        <translation>末 token</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Streaming tokens</source>
        <translation>流式输出 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Last token to [DONE] / end of body</source>
        <translation>末 token 到 [DONE] / 响应体结束</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Until the error</source>
        <translation>直到出错</translation>
    </message>
    <message numerus="yes">
        <location line="+112"/>
        <source>%n chunk(s)</source>
        <translation>
            <numerusform>%n 个分块</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 ms</source>
        <extracomment>the request&apos;s total duration in milliseconds</extracomment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>Select a request to see its phases and every chunk it received.</source>
        <translation>选择一个请求，查看其各个阶段以及收到的每个分块。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Milestone</source>
        <translation>里程碑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunk</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Gap (ms)</source>
        <translation>间隔 (ms)</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>concurrency %1</source>
        <translation>并发 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no HTTP status</source>
        <translation>无 HTTP 状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request #%1 · %2 · %3 · %4</source>
        <translation>请求 #%1 · %2 · %3 · %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · %1</source>
        <translation> · %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(no message)</source>
        <translation>（无消息）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed: %1 — %2</source>
        <translation>失败：%1 — %2</translation>
    </message>
    <message>
        <location line="-161"/>
        <location line="+192"/>
        <source>%1 %2 ms</source>
        <extracomment>a milestone on the phase bar and its time since the post: &quot;First token 43.21 ms&quot;
----------
a metric and its value in milliseconds</extracomment>
        <translation>%1 %2 ms</translation>
    </message>
    <message>
        <location line="-129"/>
        <location line="+1"/>
        <source>At (ms)</source>
        <translation>时刻 (ms)</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Step (ms)</source>
        <translation>间隔 (ms)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Milliseconds after the request was posted</source>
        <translation>请求发出后的毫秒数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Milliseconds since the previous milestone</source>
        <translation>距上一个节点的毫秒数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What the time since the previous milestone was spent on</source>
        <translation>自上一个节点以来的时间花在了什么上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Milliseconds since the previous chunk</source>
        <translation>距上一个分块的毫秒数</translation>
    </message>
    <message>
        <location line="+122"/>
        <location line="+24"/>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+24"/>
        <source>TTFT from sent</source>
        <translation>发送后 TTFT</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+24"/>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+24"/>
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message numerus="yes">
        <location line="-23"/>
        <source>%n output token(s) (usage)</source>
        <translation>
            <numerusform>%n 个输出 token（用量）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n output token(s) (counted chunks)</source>
        <translation>
            <numerusform>%n 个输出 token（按分块计数）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <location line="+1"/>
        <source>%n input token(s)</source>
        <translation>
            <numerusform>%n 个输入 token</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-1"/>
        <source> (%n cached)</source>
        <translation>
            <numerusform>（%n 个来自缓存）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tok/s</source>
        <translation>%1 tok/s</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n read(s)</source>
        <translation>
            <numerusform>%n 次读取</numerusform>
        </translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%n SSE event(s)</source>
        <translation>
            <numerusform>%n 个 SSE 事件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n connection(s) opened</source>
        <translation>
            <numerusform>打开了 %n 个连接</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ended with [DONE]</source>
        <translation>以 [DONE] 结束</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ended at its finish signal, no [DONE]</source>
        <translation>在结束信号处结束，无 [DONE]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · </source>
        <translation> · </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tok/s</source>
        <translation>tok/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reads, SSE events</source>
        <translation>读取次数、SSE 事件数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How often data arrived from the socket, and the server-sent events parsed from it: one read can carry several events, one event several tokens</source>
        <translation>从套接字收到数据的次数，以及从中解析出的服务器发送事件（SSE）数：一次读取可能包含多个事件，一个事件可能包含多个 token</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connections opened</source>
        <translation>打开的连接数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Input tokens</source>
        <translation>输入 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The prompt&apos;s tokens as the server&apos;s usage counts them, and how many it served from its prompt cache</source>
        <translation>服务器用量统计的提示词 token 数，以及其中有多少来自提示词缓存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>[DONE]</source>
        <translation>[DONE]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Whether the stream ended with data: [DONE]. Without it, a stream that ended after its finish signal (finish_reason, message_stop, response.completed) is complete: Anthropic and Responses never send [DONE]</source>
        <translation>流是否以 data: [DONE] 结束。没有它时，在结束信号（finish_reason、message_stop、response.completed）之后结束的流也是完整的：Anthropic 和 Responses 从不发送 [DONE]</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+1"/>
        <location line="+19"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Not reached</source>
        <translation>未到达</translation>
    </message>
</context>
<context>
    <name>TokenScope::RequestsPane</name>
    <message>
        <location filename="../../ui/views/requestspane.cpp" line="+56"/>
        <source>Double-click a request (or press Enter) to open its drill-down in a window of its own</source>
        <translation>双击某个请求（或按 Enter）可在单独的窗口中打开其详情</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All requests</source>
        <translation>所有请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed only</source>
        <translation>仅失败的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Without warm-ups</source>
        <translation>不含预热</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message numerus="yes">
        <location line="+168"/>
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> + %n warm-up(s)</source>
        <translation>
            <numerusform> + %n 个预热</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source> · %n failed</source>
        <translation>
            <numerusform> · %n 个失败</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · %1 shown</source>
        <translation> · 显示 %1 个</translation>
    </message>
</context>
<context>
    <name>TokenScope::RequestsTableModel</name>
    <message>
        <location filename="../../ui/models/requeststablemodel.cpp" line="+37"/>
        <source>%1 ms</source>
        <extracomment>milliseconds</extracomment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>level %1</source>
        <extracomment>an open-loop level whose rate is not known yet, by its place in the run: &quot;level 2&quot;</extracomment>
        <translation>级别 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>c=%1</source>
        <extracomment>a closed-loop level&apos;s concurrency, e.g. &quot;c=4&quot;</extracomment>
        <translation>c=%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+46"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2</source>
        <extracomment>a failed request: its error kind and when it failed, e.g. &quot;timeout at 3,200.0 ms&quot;</extracomment>
        <translation>%1（于 %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (usage)</source>
        <extracomment>output tokens and where the count came from (the server&apos;s usage or counted chunks)</extracomment>
        <translation>%1（用量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (chunks)</source>
        <translation>%1（分块）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tok/s</source>
        <extracomment>output tokens per second</extracomment>
        <translation>%1 tok/s</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Reported by the server (usage.completion_tokens)</source>
        <translation>由服务器报告（usage.completion_tokens）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The server sent no usage: the number of text-bearing chunks</source>
        <translation>服务器未发送用量：此为含文本的分块数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Warm-up request: sent before the first level and left out of every statistic</source>
        <translation>预热请求：在第一个级别之前发送，不计入任何统计</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>The load of the request&apos;s level: c=N users sending one request after another (closed loop), or r=N/s requests arriving per second (open loop, c≤N the cap on requests in flight); warm-ups are sent first and left out of every figure</source>
        <translation>该请求所在级别的负载：c=N 表示 N 个用户依次发送请求（闭环），r=N/s 表示每秒到达的请求数（开环，c≤N 为在途请求上限）；预热请求最先发送，不计入任何数字</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>ok, or the kind of failure and when it happened (hover a cell for the message)</source>
        <translation>ok，或失败类型及其发生时间（悬停单元格可查看消息）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The HTTP status the server answered; empty when no status line arrived</source>
        <translation>服务器返回的 HTTP 状态码；未收到状态行时为空</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to first token: from posting the request to the first event that carries text</source>
        <translation>首 token 时间：从发出请求到第一个带文本的事件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens: the server&apos;s usage.completion_tokens, or counted text-bearing chunks without it</source>
        <translation>输出 token 数：服务器的 usage.completion_tokens；没有时按带文本的分块计数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens / E2E: includes the wait for the first token</source>
        <translation>输出 token 数 / E2E：包含等待首 token 的时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The id of the stream&apos;s chunks, to find the request in the server&apos;s logs</source>
        <translation>流中分块的 id，用于在服务器日志中查找该请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>0-based within its level, as “index” in requests.jsonl</source>
        <translation>在所属级别内从 0 开始编号，对应 requests.jsonl 中的 “index”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT minus the time the request was sent: without connection setup and queueing in the client</source>
        <translation>TTFT 减去请求发送的时刻：不含建立连接和客户端排队的时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(E2E − TTFT) / (output tokens − 1)</source>
        <translation>(E2E − TTFT) / (输出 token 数 − 1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Median gap between successive text-bearing chunks of this request</source>
        <translation>此请求中相邻含文本分块之间间隔的中位数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From posting the request to its last token; empty for a failed request (Status says when it failed)</source>
        <translation>从发出请求到其最后一个 token；失败的请求此项为空（“状态”列显示其失败时刻）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connections this request opened (0: it reused a pre-opened connection)</source>
        <translation>此请求打开的连接数（0：复用了预先打开的连接）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT from sent</source>
        <translation>发送后 TTFT</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ITL P50</source>
        <translation>ITL P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E</source>
        <translation>E2E</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPS</source>
        <translation>TPS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connections</source>
        <translation>连接数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Response ID</source>
        <translation>响应 ID</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunCheck</name>
    <message>
        <location filename="../../app/engine/runcheck.cpp" line="+96"/>
        <source>--cache-control marks Anthropic Messages&apos; cache breakpoints: use --api anthropic, or leave it out (OpenAI-style servers cache a repeated prefix by themselves).</source>
        <translation>--cache-control 标记 Anthropic Messages 的缓存断点：请使用 --api anthropic，或去掉该选项（OpenAI 风格的服务器会自行缓存重复的前缀）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--previous-response-id chains turns of the Responses API: use --api responses.</source>
        <translation>--previous-response-id 串联 Responses API 的各轮：请使用 --api responses。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Duration, grace and ramp-up cannot be negative.</source>
        <translation>时长、宽限期和爬坡时间不能为负。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Duration, grace and ramp-up are each at most %2 s (7 days); %1 is not (%3).</source>
        <extracomment>%1: the number given, %2: the bound in seconds, %3: the command-line option, e.g. --duration</extracomment>
        <translation>时长、宽限和爬升各自最多 %2 秒（7 天）；%1 不符合（%3）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No concurrency levels given.</source>
        <translation>未指定并发级别。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Concurrency %1 is out of range (1 to 4096).</source>
        <translation>并发数 %1 超出范围（1 到 4096）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No request rates given.</source>
        <translation>未给出请求速率。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Request rate %1 must be above 0 requests per second (or inf).</source>
        <translation>请求速率 %1 必须大于每秒 0 个请求（或为 inf）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Request rate %1 is below %2 requests per second (one request every %3 s), the lowest a level may have (Request rates, --request-rate).</source>
        <translation>请求速率 %1 低于每秒 %2 个请求（每 %3 秒一个请求），即一个级别允许的最低速率（请求速率，--request-rate）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Request rate %1 for %2 s schedules more than %3 requests in one level: lower the rate or the duration (--request-rate, --duration).</source>
        <translation>请求速率 %1 持续 %2 秒，一个级别将安排超过 %3 个请求：请降低速率或缩短时长（--request-rate，--duration）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A rate of inf sends everything at once; bounded by a duration it needs a concurrency cap (Max concurrency, --max-concurrency) to say how many stay in flight.</source>
        <translation>速率 inf 表示一次性发出全部请求；若按时长限定，则需要并发上限（最大并发，--max-concurrency）来决定同时在途的请求数。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The concurrency cap %1 is out of range (0 = none, up to 4096).</source>
        <translation>并发上限 %1 超出范围（0 = 不限，最大 4096）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Burstiness must be above 0 (1 = Poisson; below 1 burstier, above 1 smoother).</source>
        <translation>突发度必须大于 0（1 = 泊松；小于 1 更突发，大于 1 更平稳）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A sweep needs 1 to 100 rates between the synchronous and the throughput level.</source>
        <translation>扫描需要在同步级别与吞吐级别之间设置 1 到 100 个速率。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A sweep bounded by a duration needs a concurrency cap for its throughput level, which keeps that many in flight (Max concurrency, --max-concurrency).</source>
        <translation>按时长限定的扫描需要为其吞吐量级别设置并发上限，该级别会保持这么多请求在途（最大并发，--max-concurrency）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The max-rate search has no constraint: give one such as p95_ttft_ms&lt;=500.</source>
        <translation>最大速率搜索没有约束：请给出一个，例如 p95_ttft_ms&lt;=500。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The max-rate search needs 1 to 30 probes.</source>
        <translation>最大速率搜索需要 1 到 30 次探测。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A max-rate search bounded by a duration needs a concurrency cap for its throughput level (Max concurrency, --max-concurrency).</source>
        <translation>按时长限定的最大速率搜索需要为其吞吐量级别设置并发上限（最大并发，--max-concurrency）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A slice lasts at least %1 s (--slice 5; 0 = off).</source>
        <translation>切片时长至少为 %1 秒（--slice 5；0 = 关闭）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>--slice %1 cuts a %2 s level into more than %3 slices: use --slice %4 or more.</source>
        <translation>--slice %1 会把 %2 秒的级别切成超过 %3 个切片：请使用 --slice %4 或更大的值。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A length spread is a fraction from 0 to below 1 (0.1 draws lengths within ±10 %).</source>
        <translation>长度波动范围是 0 到小于 1 的小数（0.1 表示长度在 ±10 % 内抽取）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prompts of N tokens need N of at least 1 (--input-tokens).</source>
        <translation>N 个 token 的提示词要求 N 至少为 1（--input-tokens）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prompts of N tokens are calibrated against the server&apos;s usage count, and usage is switched off (--no-usage). Switch it on, or send a dataset or a fixed prompt.</source>
        <translation>N 个 token 的提示词依据服务器的用量计数来校准，而用量已关闭（--no-usage）。请打开用量，或改用数据集或固定提示词。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The shared prefix (%1 tokens) must be shorter than the shortest prompt (%2 tokens).</source>
        <translation>共享前缀（%1 个 token）必须短于最短的提示词（%2 个 token）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No dataset file is chosen.</source>
        <translation>尚未选择数据集文件。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A shared prefix belongs to prompts of N tokens (--input-tokens).</source>
        <translation>共享前缀只用于 N 个 token 的提示词（--input-tokens）。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Per-chunk usage (--per-chunk-usage) is asked with stream_options.continuous_usage_stats, which only the chat and completions APIs take: switch it off for %1.</source>
        <translation>每分块用量（--per-chunk-usage）通过 stream_options.continuous_usage_stats 请求，只有 chat 和 completions API 接受该参数：请为 %1 关闭此项。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Per-chunk usage (--per-chunk-usage) rides on stream_options.include_usage, which is switched off (--no-usage): switch usage on, or per-chunk usage off.</source>
        <translation>每分块用量（--per-chunk-usage）依赖 stream_options.include_usage，而后者已关闭（--no-usage）：请开启用量，或关闭每分块用量。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The target precision cannot be negative.</source>
        <translation>目标精度不能为负数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The target precision is a percentage above 0 and at most 100 (--target-precision 5%).</source>
        <translation>目标精度是大于 0 且不超过 100 的百分比（--target-precision 5%）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unknown precision metric &quot;%1&quot;: use &lt;stat&gt;_&lt;metric&gt;_ms with stat p50, median, p90, p95 or p99 and metric ttft, tpot, itl or e2el (e.g. p95_ttft_ms).</source>
        <translation>未知的精度指标“%1”：请使用 &lt;stat&gt;_&lt;metric&gt;_ms，其中 stat 为 p50、median、p90、p95 或 p99，metric 为 ttft、tpot、itl 或 e2el（例如 p95_ttft_ms）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--max-requests is between 1 and %1 (0 = %2).</source>
        <translation>--max-requests 的取值范围为 1 到 %1（0 = %2）。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>The model ID is empty.</source>
        <translation>模型 ID 为空。</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The transport &quot;%1&quot; is not known: use qnam (Qt network, the default) or curl (libcurl).</source>
        <translation>未知的传输方式 &quot;%1&quot;：请使用 qnam（Qt 网络，默认）或 curl（libcurl）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Transport threads and busy-poll apply to the curl transport only (--transport curl).</source>
        <translation>传输线程数和忙轮询仅适用于 curl 传输方式（--transport curl）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Transport threads %1 is out of range (0 = one per usable core, up to %2; --transport-threads).</source>
        <extracomment>%1: the number given, %2: the most threads allowed</extracomment>
        <translation>传输线程数 %1 超出范围（0 = 每个可用 CPU 核心一个，最多 %2 个；--transport-threads）。</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>A sweep or a max-rate search measures one endpoint: its levels depend on that endpoint&apos;s answers. Run it once per endpoint, or compare fixed request rates.</source>
        <translation>扫描或最大速率搜索只测量一个端点：它的级别取决于该端点的响应。请对每个端点各运行一次，或比较固定的请求速率。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A trace replays against one endpoint: replay it once per endpoint and compare the runs.</source>
        <translation>轨迹回放只针对一个端点：请对每个端点各回放一次，再比较这些运行。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Arm B&apos;s settings contain arm A&apos;s API key (in the Base URL, a header or the extra body), which B&apos;s exports would not hide: give B a Base URL of its own.</source>
        <translation>B 组的设置中含有 A 组的 API 密钥（在 Base URL、请求头或额外请求体中），B 的导出不会隐藏它：请为 B 指定自己的 Base URL。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Arm A&apos;s settings contain arm B&apos;s API key, which A&apos;s exports would not hide.</source>
        <translation>A 组的设置中含有 B 组的 API 密钥，A 的导出不会隐藏它。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A run measures one endpoint, or two in an A/B run.</source>
        <translation>一次运行测量一个端点，A/B 运行则测量两个。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Endpoint %1: %2</source>
        <translation>端点 %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An A/B run sends single requests: conversations (--turns) measure one endpoint at a time.</source>
        <translation>A/B 运行发送单个请求：对话（--turns）一次只测量一个端点。</translation>
    </message>
    <message>
        <location line="-219"/>
        <source>max_tokens must be at least 1.</source>
        <translation>max_tokens 必须至少为 1。</translation>
    </message>
    <message>
        <location line="-214"/>
        <source>Arrivals from a trace come with a trace file (--trace FILE).</source>
        <translation>来自轨迹的到达需要轨迹文件（--trace FILE）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No trace file is chosen (--trace FILE).</source>
        <translation>未选择轨迹文件（--trace FILE）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The trace&apos;s speed-up is from 0.001 to 1000 (--trace-speedup; 2 replays it twice as fast).</source>
        <translation>轨迹加速倍数为 0.001 到 1000（--trace-speedup；2 表示以两倍速度回放）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The trace&apos;s longest gap is from 0 (no cap) to %1 s (--trace-max-gap).</source>
        <translation>轨迹的最长间隔为 0（不限）到 %1 秒（--trace-max-gap）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The trace&apos;s start and limit cannot be negative (--trace-start, --trace-limit).</source>
        <translation>轨迹的起点和上限不能为负（--trace-start、--trace-limit）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A trace&apos;s block holds %1 to %2 tokens (--trace-block-tokens; mooncake&apos;s traces use 512).</source>
        <translation>轨迹的块包含 %1 到 %2 个 token（--trace-block-tokens；mooncake 轨迹使用 512）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A trace brings its own prompts: it cannot be combined with prompts of N tokens or a dataset.</source>
        <translation>轨迹自带提示词：不能与 N token 提示词或数据集同时使用。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A trace&apos;s timestamps set how long it runs: cut it with --trace-start and --trace-limit instead of a duration, a ramp-up or a target precision.</source>
        <translation>轨迹的时间戳决定运行时长：请用 --trace-start 和 --trace-limit 截取，而不是持续时间、爬坡或目标精度。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A conversation has 1 to %1 turns (--turns).</source>
        <translation>对话有 1 到 %1 轮（--turns）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--cache-control and --previous-response-id shape the turns of a conversation: give --turns 2 or more.</source>
        <translation>--cache-control 和 --previous-response-id 作用于对话的各轮：请给出 --turns 2 或更多。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A turn&apos;s input tokens are from 0 (as the first turn&apos;s) to %1 (--turn-input-tokens).</source>
        <translation>每轮输入 token 为 0（同第一轮）到 %1（--turn-input-tokens）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>--turn-input-tokens sizes prompts of N tokens: give --input-tokens for the first turn too.</source>
        <translation>--turn-input-tokens 设定 N token 提示词的长度：第一轮也请给出 --input-tokens。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A turn&apos;s output tokens are from 0 (the run&apos;s max_tokens) to %1 (--turn-output-tokens).</source>
        <translation>每轮输出 token 为 0（运行的 max_tokens）到 %1（--turn-output-tokens）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The think time is from 0 to %1 ms (--think-time).</source>
        <translation>思考时间为 0 到 %1 毫秒（--think-time）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The think time&apos;s spread is from 0 to below 1 (--think-time-spread 0.2: ±20 %).</source>
        <translation>思考时间的离散度为 0 到小于 1（--think-time-spread 0.2：±20 %）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Conversations run with concurrency levels (--concurrency: that many conversations at once) or request rates (--request-rate: conversations begun per second); sweeps and the max-rate search send single requests, and a trace&apos;s conversations are its session_ids.</source>
        <translation>对话以并发级别（--concurrency：同时进行的对话数）或请求速率（--request-rate：每秒开始的对话数）运行；扫描和最大速率搜索发送单个请求，轨迹中的对话由其 session_id 给出。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Conversations need an API that takes messages (chat, responses or anthropic); /completions takes one prompt.</source>
        <translation>对话需要接受消息列表的 API（chat、responses 或 anthropic）；/completions 只接受一个提示词。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A target precision stops a level mid-conversation: use a count of conversations (--requests-per-concurrency) or a duration with --turns.</source>
        <translation>目标精度会在对话中途停止级别：与 --turns 一起请使用对话数（--requests-per-concurrency）或持续时间。</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>The temperature must be a finite number of at least 0 (--temperature).</source>
        <translation>temperature 必须是不小于 0 的有限数（--temperature）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Requests per level must be positive.</source>
        <translation>每级请求数必须为正数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requests per level are at most %1, and per concurrency at most 100000.</source>
        <translation>每个级别的请求数最多为 %1，每个并发最多为 100000。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Warm-up requests cannot be negative.</source>
        <translation>预热请求数不能为负数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The timeout must be positive.</source>
        <translation>超时时间必须为正数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The request deadline cannot be negative (0 = none).</source>
        <translation>请求截止时间不能为负数（0 = 不限）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>A target precision needs levels of its own (--concurrency or --request-rate): a sweep or a search chooses each level from the ones before it.</source>
        <translation>目标精度需要明确给出的级别（--concurrency 或 --request-rate）：扫描或搜索会根据之前的级别来选择每个级别。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A target precision cannot stop a level that sends all its requests at once (--request-rate inf): give finite rates.</source>
        <translation>目标精度无法提前停止一次性发出全部请求的级别（--request-rate inf）：请给出有限的速率。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>The extra body sets &quot;stream&quot;: TokenScope always streams, since TTFT and ITL need the tokens as they arrive. Remove the key.</source>
        <translation>附加请求体设置了 &quot;stream&quot;：TokenScope 始终使用流式输出，因为 TTFT 和 ITL 需要在 token 到达时逐个计时。请删除该键。</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunExporter</name>
    <message>
        <location filename="../../ui/dialogs/runexport.cpp" line="+60"/>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export Run &amp;Directory…</source>
        <translation>导出运行目录(&amp;D)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy as &amp;Markdown</source>
        <translation>复制为 Markdown(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export the selected run as HTML, Markdown, CSV or JSON</source>
        <translation>将所选运行导出为 HTML、Markdown、CSV 或 JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write summary.json, requests.jsonl, results.csv, report.md and report.html into a directory</source>
        <translation>将 summary.json、requests.jsonl、results.csv、report.md 和 report.html 写入一个目录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Shift+C</source>
        <translation>Ctrl+Shift+C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the results table, configuration and notes as Markdown</source>
        <translation>以 Markdown 格式复制结果表、配置和说明</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>CSV results table (*.csv)</source>
        <translation>CSV 结果表 (*.csv)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON summary and requests (*.json)</source>
        <translation>JSON 汇总和请求 (*.json)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Markdown report (*.md)</source>
        <translation>Markdown 报告 (*.md)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML report, self-contained (*.html)</source>
        <translation>HTML 报告，独立文件 (*.html)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Export Run</source>
        <translation>导出运行</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Export Run Directory: choose where to create it</source>
        <translation>导出运行目录：选择创建位置</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Export Failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run could not be exported to %1.</source>
        <translation>无法将运行导出到 %1。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot create the directory %1</source>
        <translation>无法创建目录 %1</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunReadingLabel</name>
    <message>
        <location filename="../../ui/views/runreadinglabel.cpp" line="+39"/>
        <source>Reading: %1.</source>
        <extracomment>the reading of the run shown, %1 its verdict, e.g. &quot;Reading: queueing.&quot;</extracomment>
        <translation>解读：%1。</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunSession</name>
    <message>
        <location filename="../../app/session/runsession.cpp" line="+64"/>
        <source>A run is already in progress.</source>
        <translation>已有运行正在进行。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A run is repeated 1 to %1 times, not %2.</source>
        <translation>运行的重复次数应为 1 到 %1 次，而不是 %2。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An A/B run cannot be repeated: it already alternates both arms within each level; repeat one arm at a time instead.</source>
        <translation>A/B 运行不能重复：它已在每个级别内交替运行 A、B 两组；请改为每次只重复其中一组。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A sweep or a max-rate search cannot be repeated: each run would choose its own rates from what it measured, so the repeats&apos; levels would not match; list the rates instead.</source>
        <translation>扫描或最大速率搜索不能重复：每次运行都会根据自己的测量结果选择速率，各次重复的级别将无法对应；请改为直接列出速率。</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>Run history is off.</source>
        <translation>运行历史记录不可用。</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>A/B: %1 vs %2 (#%3)</source>
        <translation>A/B：%1 vs %2（#%3）</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunSettingsForm</name>
    <message>
        <location filename="../../ui/runsettingsform.cpp" line="+233"/>
        <source>Comma-separated concurrency levels, measured one after another</source>
        <translation>以逗号分隔的并发级别，依次测量</translation>
    </message>
    <message>
        <location line="+52"/>
        <location line="+24"/>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep each level sending until the 95 % interval of the figure below lies within ± this percent of it, at most Max requests (or the duration). Off: each level sends its count.</source>
        <translation>每个级别持续发送，直到下方指标的 95% 置信区间落在其 ± 该百分比之内，最多发送“最大请求数”个（或到持续时间结束）。关闭：每个级别发送固定数量的请求。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The figure the target precision aims at. P95 needs at least 100 requests for an interval, P99 500.</source>
        <translation>目标精度所针对的指标。P95 至少需要 100 个请求才有置信区间，P99 需要 500 个。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The most requests a level sends while it aims at its precision</source>
        <translation>级别在追求目标精度时最多发送的请求数</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Target precision:</source>
        <translation>目标精度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision figure:</source>
        <translation>精度指标：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max requests:</source>
        <translation>最大请求数：</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <location line="-221"/>
        <source>max_tokens sent with every request</source>
        <translation>随每个请求发送的 max_tokens</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Requests sent before the first level and left out of every statistic</source>
        <translation>在第一个级别之前发送、不计入任何统计的请求</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requests with fewer output tokens are left out of TPOT and ITL (and counted as excluded)</source>
        <translation>输出 token 数少于此值的请求不计入 TPOT 和 ITL（并计为已排除）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A request that receives nothing for this long fails with the kind “timeout”</source>
        <translation>在此时长内未收到任何数据的请求将以 “timeout” 类型失败</translation>
    </message>
    <message>
        <location line="-28"/>
        <location line="+29"/>
        <location line="+5"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ask for usage in the stream (stream_options.include_usage)</source>
        <translation>在流中请求用量（stream_options.include_usage）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Turn off for servers that reject stream_options; tokens are then counted from text-bearing chunks</source>
        <translation>对于拒绝 stream_options 的服务器请关闭此项；此时 token 数按含文本的分块计数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run settings</source>
        <translation>运行设置</translation>
    </message>
    <message>
        <location line="+135"/>
        <source>Rates measured after the synchronous level (one request at a time) and the throughput level (everything at once), evenly spaced above the synchronous rate up to the throughput rate; the sweep stops early when the server saturates</source>
        <translation>在同步级别（一次一个请求）和吞吐级别（一次发出全部）之后测量的速率数：在同步速率之上均匀分布，直到吞吐速率；服务器饱和时扫描会提前停止</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Probes after the throughput level, each a level of its own: the rate doubles while they meet every constraint, then bisects between the highest that met and the lowest that missed</source>
        <translation>吞吐级别之后的探测次数，每次探测都是一个独立级别：满足所有约束时速率加倍，之后在满足的最高速率与未满足的最低速率之间二分</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Concurrency levels:</source>
        <translation>并发级别：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Requests per concurrency:</source>
        <translation>每并发请求数：</translation>
    </message>
    <message>
        <location line="-212"/>
        <source>max_tokens:</source>
        <translation>max_tokens：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up requests:</source>
        <translation>预热请求数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Min tokens for TPOT:</source>
        <translation>TPOT 最少 token 数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timeout:</source>
        <translation>超时：</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Each request&apos;s max_tokens is drawn evenly from max_tokens × (1 − spread) to max_tokens × (1 + spread); a dataset entry&apos;s own output length wins. 0 = all alike.</source>
        <translation>每个请求的 max_tokens 在 max_tokens × (1 − 波动) 到 max_tokens × (1 + 波动) 之间均匀抽取；数据集条目自带的输出长度优先。0 = 全部相同。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>spread</source>
        <translation>波动</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Concurrency levels</source>
        <translation>并发级别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Request rates</source>
        <translation>请求速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep</source>
        <translation>扫描</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find max rate</source>
        <translation>寻找最大速率</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Comma-separated request rates (requests per second), measured one after another; inf sends a level&apos;s requests all at once</source>
        <translation>以逗号分隔的请求速率（每秒请求数），依次测量；inf 表示一次发出该级别的全部请求</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Poisson</source>
        <translation>泊松</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gamma</source>
        <translation>伽马</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Constant</source>
        <translation>恒定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How requests are spaced at a rate: Poisson (random, like independent users), gamma (burstier or smoother, as Burstiness says) or constant (evenly)</source>
        <translation>按速率发送时请求的间隔方式：泊松（随机，类似相互独立的用户）、伽马（按突发度更突发或更平稳）或恒定（均匀）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Gamma shape: 1 = Poisson, below 1 burstier, above 1 smoother (vLLM&apos;s --burstiness)</source>
        <translation>伽马形状参数：1 = 泊松，小于 1 更突发，大于 1 更平稳（即 vLLM 的 --burstiness）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>At most this many requests in flight under a rate; a request due while the cap is full waits (and its wait is reported). 0 = no cap. The throughput level of a sweep or a search sends everything at once under it.</source>
        <translation>按速率发送时最多同时进行的请求数；上限已满时到期的请求会等待（并报告其等待时间）。0 = 不限。扫描或搜索的吞吐级别在此上限下一次发出全部请求。</translation>
    </message>
    <message>
        <location line="-113"/>
        <location line="+117"/>
        <location line="+22"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>A request still open this long after it was sent is aborted with the kind “deadline”, even while the server keeps sending (keep-alive comments); 0 = no deadline</source>
        <translation>请求发送后超过此时长仍未结束，即以类型“deadline”中止，即使服务器仍在发送数据（保活注释）；0 = 不设截止时间</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Request deadline:</source>
        <translation>请求截止时间：</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>Each level lasts this long instead of sending a fixed number of requests. 0 = by count.</source>
        <translation>每个级别持续这么长时间，而不是发送固定数量的请求。0 = 按数量。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>by count</source>
        <translation>按数量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After a level&apos;s duration, requests still in flight get this long to end; then they are recorded as incomplete</source>
        <translation>级别时长结束后，仍在进行的请求还有这么长时间结束；之后记为未完成</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open loop: the rate rises from 0 over this long at the start of each level; those requests are not counted. 0 = none.</source>
        <translation>开环：每个级别开始时速率在这段时间内从 0 上升；这些请求不计入统计。0 = 无。</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Seeds the arrival schedules (level i uses seed + i): the same seed sends at the same times</source>
        <translation>到达计划的随机种子（第 i 级使用 种子 + i）：相同的种子在相同的时刻发送</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>Run the whole configuration this many times back to back, each a run of its own in History, to compare the spread between runs with the spread within them</source>
        <translation>将整个配置连续运行这么多次，每次在历史记录中都是一次独立的运行，以便比较运行之间的波动与运行内部的波动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> ×</source>
        <translation> 次</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Repeat:</source>
        <translation>重复次数：</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Replay a trace</source>
        <translation>回放轨迹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Concurrency levels: closed loop, a fixed number of users each sending its next request when the last one ends.
Request rates: open loop, requests arrive on a schedule whether or not earlier ones have ended.
Sweep: one request at a time, then everything at once, then rates evenly spaced up to that.
Find max rate: the highest rate that meets every constraint, found by probing.
Replay a trace: requests at the times, and of the lengths, a trace file gives.</source>
        <translation>并发级别：闭环，固定数量的用户，每个用户在上一个请求结束时发送下一个。
请求速率：开环，请求按计划到达，不论之前的请求是否结束。
扫描：先一次一个请求，再全部同时发送，然后在其间均匀取速率。
查找最大速率：通过探测找到满足所有约束的最高速率。
回放轨迹：按轨迹文件给出的时间和长度发送请求。</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>Also summarise each level in windows this long: TTFT, output tokens per second and requests in flight per window, to see a level drift. Off: the level&apos;s figures only.</source>
        <translation>同时按此时长的窗口汇总每个级别：每个窗口的 TTFT、每秒输出 token 数和进行中的请求数，用于观察级别内的漂移。关闭：仅显示级别的整体数据。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>What every probed rate must meet, comma-separated: a summary.json level key, &lt;=, &lt;, &gt;= or &gt; and a bound, e.g. p95_ttft_ms&lt;=500,p95_tpot_ms&lt;=50</source>
        <translation>每个探测速率都必须满足的条件，以逗号分隔：summary.json 中的级别键、&lt;=、&lt;、&gt;= 或 &gt;，以及界限，例如 p95_ttft_ms&lt;=500,p95_tpot_ms&lt;=50</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>optional, e.g. ttft:500 tpot:50</source>
        <translation>可选，例如 ttft:500 tpot:50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput counts the completed requests that meet every objective given here, in ms: ttft, tpot and e2el (vLLM&apos;s --goodput). Empty = no goodput.</source>
        <translation>有效吞吐（goodput）统计满足此处所有目标的已完成请求，单位毫秒：ttft、tpot 和 e2el（即 vLLM 的 --goodput）。留空 = 不计算有效吞吐。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Requests per level = this × the level&apos;s concurrency (or cap, when a level sends everything at once); a level at a rate sends about ten seconds&apos; worth</source>
        <translation>每级请求数 = 此值 × 该级别的并发（一次发出全部的级别则为上限）；按速率的级别发送约十秒的量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Request rates (/s):</source>
        <translation>请求速率（/秒）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arrival:</source>
        <translation>到达方式：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Burstiness:</source>
        <translation>突发度：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max concurrency:</source>
        <translation>最大并发：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep rates:</source>
        <translation>扫描速率数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Constraints:</source>
        <translation>约束：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Probes:</source>
        <translation>探测次数：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Duration per level:</source>
        <translation>每级时长：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grace:</source>
        <translation>宽限期：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ramp-up:</source>
        <translation>爬坡：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput SLO:</source>
        <translation>有效吞吐 SLO：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slice:</source>
        <translation>切片：</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Closed loop: each level keeps this many requests in flight, sending the next when one ends.</source>
        <translation>闭环：每个级别保持这么多请求同时进行，一个结束就发送下一个。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open loop: requests arrive at each rate on a schedule, whether or not earlier ones have ended.</source>
        <translation>开环：请求按计划以各个速率到达，不论之前的请求是否结束。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>One request at a time, then everything at once, then rates evenly spaced up to that: the serving curve.</source>
        <translation>先一次一个请求，再一次发出全部，然后是均匀分布直到该吞吐的速率：即服务曲线。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Everything at once, then probes at rates that double while they meet every constraint and then bisect: the highest rate that meets them.</source>
        <translation>先一次发出全部，然后以速率探测：满足所有约束时加倍，之后二分，找出满足约束的最高速率。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Replay a timestamped trace: each request is sent at the time the trace gives, with the prompt and output lengths it gives.</source>
        <translation>回放带时间戳的轨迹：每个请求在轨迹给出的时间发送，提示词和输出长度也按轨迹。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Concurrency levels: “%1” is not a whole number. Use a list such as 1,4,8,16.</source>
        <translation>并发级别：“%1” 不是整数。请使用类似 1,4,8,16 的列表。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Request rates: “%1” is not a number of requests per second. Use a list such as 1,2,4 (inf: all at once).</source>
        <translation>请求速率：“%1”不是每秒请求数。请使用类似 1,2,4 的列表（inf：一次发出全部）。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Constraints: %1</source>
        <translation>约束：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Goodput SLO: %1</source>
        <translation>有效吞吐 SLO：%1</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunsPane</name>
    <message>
        <location filename="../../ui/views/runspane.cpp" line="+22"/>
        <source>Whose definitions the TTFT, TPOT, ITL, E2E and output throughput columns follow, recomputed from each run&apos;s stored timestamps</source>
        <translation>TTFT、TPOT、ITL、E2E 和输出吞吐量各列采用哪个工具的定义，根据每次运行保存的时间戳重新计算</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Definitions:</source>
        <translation>定义：</translation>
    </message>
</context>
<context>
    <name>TokenScope::RunsTableModel</name>
    <message>
        <location filename="../../ui/models/runstablemodel.cpp" line="+180"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>%1 tok</source>
        <translation>%1 token</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 ms</source>
        <extracomment>milliseconds</extracomment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 tok/s</source>
        <extracomment>output tokens per second</extracomment>
        <translation>%1 tok/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message numerus="yes">
        <location line="+151"/>
        <source>%n request(s) with too few output tokens left out of TPOT and ITL.</source>
        <translation>
            <numerusform>%n 个请求因输出 token 过少，未计入 TPOT 和 ITL。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-57"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Measurement degraded:</source>
        <translation>测量质量下降：</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>No 95 % interval: too few samples at or beyond this percentile</source>
        <translation>无 95% 置信区间：位于该百分位及以上的样本太少</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>95 % interval: [%1, %2]</source>
        <extracomment>a 95 % confidence interval, e.g. [43.9, 45.2]</extracomment>
        <translation>95% 置信区间：[%1, %2]</translation>
    </message>
    <message>
        <location line="-131"/>
        <source>%1 ±%2 %</source>
        <extracomment>max_tokens and its spread, e.g. 256 ±20 %</extracomment>
        <translation>%1 ±%2 %</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Arm %1 of the A/B run: %2</source>
        <extracomment>%1 the arm&apos;s letter, %2 its model ID</extracomment>
        <translation>A/B 运行的 %1 臂：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The run&apos;s max_tokens; a dataset entry&apos;s own output length wins</source>
        <translation>该运行的 max_tokens；数据集条目自带的输出长度优先</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>When the run started (local time)</source>
        <translation>运行开始的时间（本地时间）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The endpoint of an A/B interleaved run the level measured; hover a cell for its model</source>
        <translation>该级别测量的 A/B 交错运行端点；悬停单元格可查看其模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The model ID the level measured (in an A/B run, that arm&apos;s)</source>
        <translation>该级别测量的模型 ID（在 A/B 运行中为所属一组的模型 ID）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The streaming API the requests used</source>
        <translation>请求所使用的流式 API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The level&apos;s load. A number: closed-loop users, each sending its next request when its previous one ends. r=…/s: requests arriving at that rate (open loop), c≤N their cap on requests in flight</source>
        <translation>该级别的负载。数字：闭环用户数，每个用户在上一个请求结束后发送下一个。r=…/s：以该速率到达的请求（开环），c≤N 为同时进行请求数的上限</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measured requests of the level (warm-ups are not counted)</source>
        <translation>该级别已测量的请求数（不含预热请求）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requests that got no complete stream: an HTTP error, a reset, a timeout. Hover a cell for the kinds</source>
        <translation>未收到完整流的请求：HTTP 错误、连接重置或超时。将鼠标悬停在单元格上可查看失败类型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean usage.prompt_tokens over the completed requests that reported it: the prompt&apos;s length as the server counted it. Amber: prompts that aimed at a length missed it</source>
        <translation>已完成且报告了用量的请求的 usage.prompt_tokens 平均值：服务器统计的提示词长度。琥珀色：以某个长度为目标的提示词未达到该长度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The max_tokens sent with every request</source>
        <translation>随每个请求发送的 max_tokens</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time to first token: from posting the request to the first event that carries text; completed requests only</source>
        <translation>首 token 时间：从发出请求到第一个携带文本的事件；仅统计已完成的请求</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Time per output token after the first: (last token − first token) / (output tokens − 1); short responses left out</source>
        <translation>首个 token 之后每个输出 token 的时间：(末 token − 首 token) / (输出 token 数 − 1)；不计入过短的响应</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Inter-chunk latency: the gaps between successive text-bearing chunks of every request, pooled</source>
        <translation>分块间延迟：所有请求中相邻含文本分块之间的间隔，合并统计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>End to end: from posting the request to its last text-bearing chunk</source>
        <translation>端到端：从发出请求到其最后一个含文本的分块</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens of all completed requests per second of the level, all streams together</source>
        <translation>该级别中所有已完成请求每秒的输出 token 数，所有流合计</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1
Recomputed from the stored timestamps.</source>
        <extracomment>%1 the tool&apos;s rules (&quot;vLLM&apos;s definitions (vllm bench serve): TTFT at …&quot;)</extracomment>
        <translation>%1
根据保存的时间戳重新计算。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2)</source>
        <extracomment>a column header and whose definitions it follows, e.g. &quot;TTFT P50 (vLLM)&quot;</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Arm</source>
        <translation>臂</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Requests</source>
        <translation>请求数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input tokens</source>
        <translation>输入 token 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max_tokens</source>
        <translation>max_tokens</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P50</source>
        <translation>TPOT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TPOT P95</source>
        <translation>TPOT P95</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ITL P50</source>
        <translation>ITL P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E P50</source>
        <translation>E2E P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tok/s</source>
        <translation>输出 tok/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>TokenScope::ServingCurveChart</name>
    <message>
        <location filename="../../ui/charts/servingcurvechart.cpp" line="+74"/>
        <source>TTFT P50</source>
        <translation>TTFT P50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTFT P95</source>
        <translation>TTFT P95</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TPOT P50 (right axis)</source>
        <translation>TPOT P50（右轴）</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+114"/>
        <source>Serving curve</source>
        <translation>服务曲线</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>Achieved throughput (completed requests/s)</source>
        <translation>实际吞吐量（每秒完成请求数）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TTFT (ms)</source>
        <translation>TTFT（ms）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TPOT (ms)</source>
        <translation>TPOT（ms）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Knee (median TTFT takes off)</source>
        <translation>拐点（TTFT 中位数飙升）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Highest passing rate</source>
        <translation>最高达标速率</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Search constraint</source>
        <translation>搜索约束</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>level %1</source>
        <translation>级别 %1</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>One level so far: the curve and its knee need two or more (a sweep, or a list of rates or concurrencies).</source>
        <translation>目前只有一个级别：曲线及其拐点需要两个或更多级别（扫描，或一组速率或并发）。</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>%1 · %2 req/s served · %3 tok/s</source>
        <extracomment>serving-curve readout: a level&apos;s load point and the throughput it achieved</extracomment>
        <translation>%1 · 实际 %2 请求/秒 · %3 token/秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TTFT P50 %1 ms · P95 %2 ms</source>
        <translation>TTFT P50 %1 ms · P95 %2 ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TPOT P50 %1 ms</source>
        <translation>TPOT P50 %1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Median TTFT took off here</source>
        <translation>TTFT 中位数在此陡增</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The highest rate that met every constraint</source>
        <translation>满足所有约束的最高速率</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>No run yet.
A Sweep (Run settings › Load) draws the whole curve: latency against the throughput each level achieved.</source>
        <translation>尚无运行。
扫描（运行设置 › 负载）会绘制完整曲线：延迟与各级别实际吞吐量的关系。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Each level adds a point when it finishes.</source>
        <translation>每个级别结束时添加一个点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This run has no level with a completed request</source>
        <translation>本次运行没有包含已完成请求的级别</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>knee</source>
        <translation>拐点</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 (right axis)</source>
        <translation>%1（右轴）</translation>
    </message>
</context>
<context>
    <name>TokenScope::ThroughputChart</name>
    <message>
        <location filename="../../ui/charts/throughputchart.cpp" line="+170"/>
        <location line="+26"/>
        <location line="+415"/>
        <source>Requests in flight</source>
        <translation>进行中的请求</translation>
    </message>
    <message>
        <location line="-439"/>
        <source>server running</source>
        <translation>服务器运行中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>server waiting</source>
        <translation>服务器等待中</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+501"/>
        <source>Output throughput and requests in flight</source>
        <translation>输出吞吐量与进行中的请求</translation>
    </message>
    <message>
        <location line="-491"/>
        <source>Time since run start (s)</source>
        <translation>自运行开始的时间 (s)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Output (tokens/s)</source>
        <translation>输出 (tokens/s)</translation>
    </message>
    <message>
        <location line="+234"/>
        <source>Slice %1-%2 s: %3 tok/s, TTFT P50 %4 ms</source>
        <extracomment>hover readout: the level&apos;s slice under the pointer (docs/metrics.md#slices)</extracomment>
        <translation>切片 %1-%2 s：%3 tok/s，TTFT P50 %4 ms</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>Output tokens/s per %1 s slice</source>
        <translation>输出 tokens/s（每 %1 秒切片）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Output tokens/s (%1 s window)</source>
        <translation>输出 tokens/s（%1 秒窗口）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Output tokens/s (%1 s window, chunks × %2 tokens per chunk from usage)</source>
        <translation>输出 tokens/s（%1 秒窗口，分块数 × 由用量得出的每分块 %2 个 token）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Asked: every request at once</source>
        <extracomment>hover readout: the request rate an open-loop level asked for</extracomment>
        <translation>设定：一次发出全部请求</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Asked: %1 requests/s</source>
        <translation>设定：每秒 %1 个请求</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Output %1 tok/s</source>
        <extracomment>hover readout: output tokens per second at the time under the pointer</extracomment>
        <translation>输出 %1 tok/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 request in flight</source>
        <translation>%1 个请求进行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 requests in flight</source>
        <translation>%1 个请求进行中</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>server: %1 running, %2 waiting</source>
        <extracomment>hover readout: what the server&apos;s metrics said it was running and queueing</extracomment>
        <translation>服务器：%1 个运行中，%2 个等待中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>server: %1 running</source>
        <translation>服务器：%1 个运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>server: %1 waiting</source>
        <translation>服务器：%1 个等待中</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No run yet.
Press Run (%1) to measure the selected endpoint: the built-in simulator needs no setup.</source>
        <translation>尚无运行。
点击“运行”（%1）即可测量所选端点：内置模拟器无需任何设置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Waiting for the first request to start</source>
        <translation>正在等待第一个请求开始</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This run has no requests</source>
        <translation>此运行没有请求</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
</context>
<context>
    <name>TokenScope::TokenTimelineChart</name>
    <message>
        <location filename="../../ui/charts/tokentimelinechart.cpp" line="+55"/>
        <source>TTFT span (posted → first token)</source>
        <translation>TTFT 区间（发出 → 首 token）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+284"/>
        <source>Chunk</source>
        <translation>分块</translation>
    </message>
    <message>
        <location line="-283"/>
        <source>Chunk · B</source>
        <translation>分块 · B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First token</source>
        <translation>首 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up (not measured)</source>
        <translation>预热（不计入测量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In flight (posted → now)</source>
        <translation>进行中（发出 → 现在）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/timelinemodel.cpp" line="+148"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+5"/>
        <source>level %1</source>
        <translation>级别 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>concurrency %1 (level %2)</source>
        <translation>并发 %1（第 %2 级）</translation>
    </message>
    <message>
        <location filename="../../ui/charts/tokentimelinechart.cpp" line="+109"/>
        <source>Token timeline</source>
        <translation>Token 时间线</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Token timeline — %1</source>
        <translation>Token 时间线 — %1</translation>
    </message>
    <message>
        <location line="+169"/>
        <source>Chunk · A</source>
        <translation>分块 · A</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>No run yet.
Press Run (%1) to measure the selected endpoint: the built-in simulator needs no setup.</source>
        <translation>尚无运行。
点击“运行”（%1）即可测量所选端点：内置模拟器无需任何设置。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waiting for the first request to start…</source>
        <translation>正在等待第一个请求开始…</translation>
    </message>
    <message>
        <location filename="../../ui/charts/timelinemodel.cpp" line="+236"/>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 at %2</source>
        <extracomment>a failed request in the timeline&apos;s readout: its error kind and when it failed</extracomment>
        <translation>%1（于 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>in flight, no token in %1</source>
        <translation>进行中，%1 内无 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in flight, last chunk %1 ago</source>
        <translation>进行中，上一个分块在 %1 前</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>warm-up · request %1</source>
        <translation>预热 · 请求 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · request %2</source>
        <extracomment>the timeline&apos;s readout: the level&apos;s name (&quot;c=4&quot;) and the request&apos;s index in it</extracomment>
        <translation>%1 · 请求 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · arm %1</source>
        <translation> · %1 组</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Posted at %1 s into the run</source>
        <translation>在运行开始后 %1 秒发出</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>First token (chunk 1): %1 after post</source>
        <translation>首 token（分块 1）：发出后 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunk %1: %2 after post, gap %3</source>
        <translation>分块 %1：发出后 %2，间隔 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source> (%n more in the same read)</source>
        <translation>
            <numerusform>（同一次读取中还有 %n 个）</numerusform>
        </translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Failed (%1): %2 after post</source>
        <translation>失败（%1）：发出后 %2</translation>
    </message>
    <message>
        <location filename="../../ui/charts/tokentimelinechart.cpp" line="-318"/>
        <source>Time since run start (s)</source>
        <translation>自运行开始的时间 (s)</translation>
    </message>
    <message>
        <location filename="../../ui/charts/timelinemodel.cpp" line="-431"/>
        <source>%1 ms</source>
        <extracomment>milliseconds, in the timeline&apos;s readout</extracomment>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../../ui/charts/tokentimelinechart.cpp" line="+7"/>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../ui/charts/timelinemodel.cpp" line="+141"/>
        <source>concurrency %1</source>
        <translation>并发 %1</translation>
    </message>
</context>
<context>
    <name>TokenScope::TraceBox</name>
    <message>
        <location filename="../../ui/tracebox.cpp" line="+27"/>
        <source>Choose a mooncake or timed JSONL file (a sample: resources/traces in the source, /usr/share/doc/tokenscope/examples once installed).</source>
        <translation>选择 mooncake 或带时间的 JSONL 文件（示例：源码中的 resources/traces，安装后的 /usr/share/doc/tokenscope/examples）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 of %2 entries (%3, %4), sent over %5 s: %6 requests/s on average.</source>
        <extracomment>%1 entries of %2 from %3 (a file name), %4 its format, %5 seconds, %6 requests per second</extracomment>
        <translation>%2 条中的 %1 条（%3，%4），在 %5 秒内发送：平均每秒 %6 个请求。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>They form %n conversation(s): each turn resends the history with the model&apos;s answers, at its time or when the answer before it ends.</source>
        <translation>
            <numerusform>它们组成 %n 个对话：每一轮都会重新发送历史（包括模型的回答），在其时间点或前一个回答结束时（取较晚者）发送。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cache-bust: open every prompt with this run&apos;s own nonce</source>
        <translation>缓存隔离：每个提示词以本次运行自己的随机串开头</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>trace file (.jsonl)</source>
        <translation>轨迹文件（.jsonl）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The trace&apos;s gaps are divided by this: 2 replays it twice as fast</source>
        <translation>轨迹的间隔除以此值：2 表示以两倍速度回放</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>as recorded</source>
        <translation>按记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every idle gap longer than this is cut to it, before the speed-up</source>
        <translation>每个长于此值的空闲间隔都截短为此值（在加速之前）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replay from this entry on, counted from 0 in timestamp order</source>
        <translation>从此条目开始回放，按时间戳顺序从 0 计数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replay at most this many entries</source>
        <translation>最多回放这么多条目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A replayed trace then cannot hit prefixes an earlier run left in the server&apos;s cache</source>
        <translation>这样回放的轨迹不会命中之前运行留在服务器缓存中的前缀</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Trace file:</source>
        <translation>轨迹文件：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speed-up:</source>
        <translation>加速：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Longest gap:</source>
        <translation>最长间隔：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From entry:</source>
        <translation>起始条目：</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Choose a trace</source>
        <translation>选择轨迹</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Traces (*.jsonl *.json);;All files (*)</source>
        <translation>轨迹 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Reading the trace…</source>
        <translation>正在读取轨迹…</translation>
    </message>
</context>
<context>
    <name>TokenScope::WorkloadBox</name>
    <message numerus="yes">
        <location filename="../../ui/workloadbox.cpp" line="+64"/>
        <source>(%n more character(s))</source>
        <translation>
            <numerusform>（还有 %n 个字符）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vLLM custom</source>
        <translation>vLLM 自定义</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chat messages</source>
        <translation>聊天消息</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ShareGPT</source>
        <translation>ShareGPT</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fixed prompt</source>
        <translation>固定提示词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>N tokens</source>
        <translation>N 个 token</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dataset file</source>
        <translation>数据集文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fixed prompt: the same text for every request.
N tokens: prose prompts the server itself counts as N tokens, calibrated by short probes when the run starts; every prompt differs, so no cache serves them.
Dataset file: prompts from a JSONL or ShareGPT file.</source>
        <translation>固定提示词：每个请求使用相同的文本。
N 个 token：服务器自己计为 N 个 token 的散文提示词，在运行开始时通过简短的探测请求校准；每个提示词都不同，因此不会被缓存命中。
数据集文件：来自 JSONL 或 ShareGPT 文件的提示词。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Prompts:</source>
        <translation>提示词(&amp;P)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input tokens:</source>
        <translation>输入 token：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spread:</source>
        <translation>波动：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shared prefix:</source>
        <translation>共享前缀：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preview:</source>
        <translation>预览：</translation>
    </message>
    <message>
        <location line="+22"/>
        <location line="+9"/>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Each prompt&apos;s length as the server counts it (its usage.prompt_tokens)</source>
        <translation>服务器统计的每个提示词长度（其 usage.prompt_tokens）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each request&apos;s prompt length is drawn evenly from N × (1 − spread) to N × (1 + spread); 0 = every prompt exactly N tokens</source>
        <translation>每个请求的提示词长度在 N × (1 − 波动) 到 N × (1 + 波动) 之间均匀抽取；0 = 每个提示词都恰好 N 个 token</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every prompt opens with the same text of about this many tokens (a system prompt a prefix cache can serve), then differs. 0 = none.</source>
        <translation>每个提示词都以约这么多 token 的相同文本开头（前缀缓存可命中的系统提示词），之后各不相同。0 = 无。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The prompt of the first measured request</source>
        <translation>第一个计入测量的请求的提示词</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The user message of every request. Keep it fixed to compare runs.</source>
        <translation>每个请求的用户消息。保持不变以便比较各次运行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>About 4 characters per token; the server&apos;s usage, when it sends it, is what the results table shows</source>
        <translation>按约 4 个字符一个 token 估算；如果服务器发送了用量，结果表中显示的是服务器的用量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load from file…</source>
        <translation>从文件加载…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace the prompt with the contents of a text file</source>
        <translation>用文本文件的内容替换提示词</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shipped prompt (about 120 tokens), so runs stay comparable with other users&apos; runs</source>
        <translation>随附的默认提示词（约 120 个 token），使运行结果可与其他用户的运行相比较</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>a .jsonl or ShareGPT .json file</source>
        <translation>.jsonl 或 ShareGPT .json 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The prompt file. Its contents never reach an export; its name, size and SHA-256 do.</source>
        <translation>提示词文件。其内容不会进入任何导出；只导出其名称、大小和 SHA-256。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>vLLM custom: JSONL of {&quot;prompt&quot;, &quot;output_tokens&quot;}. Chat messages: JSONL of {&quot;messages&quot;, &quot;max_tokens&quot;}. ShareGPT: a JSON array of conversations. Auto decides from the file&apos;s first line.</source>
        <translation>vLLM 自定义：由 {&quot;prompt&quot;, &quot;output_tokens&quot;} 组成的 JSONL。聊天消息：由 {&quot;messages&quot;, &quot;max_tokens&quot;} 组成的 JSONL。ShareGPT：由对话组成的 JSON 数组。自动：根据文件首行判断。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shuffle (seeded by the Load section&apos;s seed)</source>
        <translation>随机打乱（以“负载”部分的种子为种子）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: requests take the entries in file order. On: in an order drawn from the seed, the same on every computer.</source>
        <translation>关闭：请求按文件顺序使用条目。打开：按由种子决定的顺序使用，在每台计算机上都相同。</translation>
    </message>
    <message numerus="yes">
        <location line="+37"/>
        <source>≈ %n token(s) (estimate)</source>
        <translation>
            <numerusform>≈ %n 个 token（估算）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+7"/>
        <source>Load prompt</source>
        <translation>加载提示词</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Text files (*.txt *.md);;All files (*)</source>
        <translation>文本文件 (*.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Choose a dataset</source>
        <translation>选择数据集</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Prompt files (*.jsonl *.json);;All files (*)</source>
        <translation>提示词文件 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The file is too large to read into memory.</source>
        <translation>文件太大，无法读入内存。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Choose a prompt file.</source>
        <translation>请选择提示词文件。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reading %1 (%2)…</source>
        <extracomment>%1: the file&apos;s name, %2: its size, e.g. 642 MB</extracomment>
        <translation>正在读取 %1（%2）…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The file holds no prompt.</source>
        <translation>该文件没有提示词。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>and %n more problem(s)</source>
        <translation>
            <numerusform>另有 %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n prompt(s). %1</source>
        <extracomment>%1: how the format was decided, e.g. JSONL whose first line has &quot;prompt&quot;: vLLM custom.</extracomment>
        <translation>
            <numerusform>%n 个提示词。%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+75"/>
        <source>the file&apos;s first entry (shuffled, the first request sends another)</source>
        <translation>文件的第一个条目（已打乱顺序，第一个请求发送的是另一个条目）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the file&apos;s first entry, which the first request sends</source>
        <translation>文件的第一个条目，即第一个请求发送的内容</translation>
    </message>
    <message numerus="yes">
        <location line="-74"/>
        <source>%n entry(s) skipped: %1</source>
        <translation>
            <numerusform>跳过了 %n 个条目：%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 bytes, SHA-256 %3</source>
        <translation>%1，%2 字节，SHA-256 %3</translation>
    </message>
    <message numerus="yes">
        <location line="+54"/>
        <source>calibrated: the server counts %1 tokens (%n probe(s))</source>
        <translation>
            <numerusform>已校准：服务器计为 %1 个 token（%n 次探测）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>before calibration: about %1 tokens</source>
        <translation>校准前：约 %1 个 token</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The prompt is empty. Type one, load one from a file, or press Default.</source>
        <translation>提示词为空。请输入提示词、从文件加载，或点击“默认”。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../ui/main.cpp" line="+50"/>
        <source>Measures how LLM endpoints stream.</source>
        <translation>测量 LLM 端点的流式输出表现。</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>Press Run as soon as the window shows.</source>
        <translation>窗口显示后立即点击“运行”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>After the run ends, save the window as an image to &lt;file&gt; and quit.</source>
        <translation>运行结束后，将窗口保存为图像文件 &lt;file&gt; 并退出。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After the run ends, save one image per view into &lt;dir&gt; and quit.</source>
        <translation>运行结束后，将每个视图各保存为一张图像到 &lt;dir&gt; 并退出。</translation>
    </message>
</context>
</TS>
