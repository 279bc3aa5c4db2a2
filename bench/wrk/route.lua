-- One route under wrk (bench/wrk.ts runWrkRoute): `wrk … -s bench/wrk/route.lua <url> -- key=value…`
--   method=GET|POST   path=/api/articles/{id}   ids=<first>-<last> ({id}: a random one per request)
--   cookie=<the session cookie, as a browser sends it>   origin=<the server's own origin, for writes>
--   body=<a JSON body for POST>
-- done() prints the figures as one JSON line (latencies in microseconds) for bench/wrk.ts to read.

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local method, path, first, last, fixed
local headers = {}

function init(args)
  local options = {}
  for _, arg in ipairs(args) do
    local key, value = arg:match("^([%w_]+)=(.*)$")
    if key then options[key] = value end
  end
  math.randomseed(os.time() * 100 + (thread_number or 0))
  method = options.method or "GET"
  path = options.path or "/"
  if options.ids then
    local a, b = options.ids:match("^(%d+)-(%d+)$")
    first, last = tonumber(a), tonumber(b)
  end
  headers["accept"] = "application/json"
  if options.cookie and options.cookie ~= "" then headers["cookie"] = options.cookie end
  local body = nil
  if options.body and options.body ~= "" then
    body = options.body
    headers["content-type"] = "application/json"
    if options.origin then
      headers["origin"] = options.origin
      headers["sec-fetch-site"] = "same-origin"
    end
  end
  wrk.body = body
  if not first then fixed = wrk.format(method, path, headers, body) end
end

function request()
  if fixed then return fixed end
  return wrk.format(method, path:gsub("{id}", tostring(math.random(first, last))), headers, wrk.body)
end

function done(summary, latency, _requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"max_us":%d,"status_errors":%d,"socket_errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
