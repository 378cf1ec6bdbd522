-- Corpus workload for the Lua interpreters (5.1 to 5.4): tables, strings,
-- closures, metatables, coroutines, sorting and the garbage collector.
-- Output is deterministic: keys are sorted before printing, no addresses.
-- Written for dtrans's corpus (bench/corpus.py).

local N = tonumber(arg and arg[1]) or 1

local function checksum(s)
  local h = 0
  for i = 1, #s do h = (h * 31 + string.byte(s, i)) % 1000000007 end
  return h
end

-- 1. tables as arrays and records, sorting with a comparator
local function records(n)
  local t = {}
  local seed = 42
  for i = 1, n do
    seed = (seed * 1103515245 + 12345) % 2147483648
    t[i] = { id = i, key = seed % 1000, name = "r" .. (seed % 97), weight = (seed % 1000) / 7 }
  end
  table.sort(t, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    return a.id < b.id
  end)
  local acc = 0
  for i = 1, n, 97 do acc = (acc + t[i].id * i) % 1000000007 end
  return acc, t[1].name, t[n].key
end

-- 2. string building, gsub, find, format
local function strings(n)
  local parts = {}
  for i = 1, n do
    parts[#parts + 1] = string.format("%05d:%s;", i, string.rep(string.char(97 + i % 26), i % 7 + 1))
  end
  local s = table.concat(parts)
  local count = 0
  local r = string.gsub(s, "(%d+):(%a+);", function(d, w)
    count = count + 1
    if tonumber(d) % 3 == 0 then return w:upper() end
    return nil
  end)
  local words = {}
  for w in string.gmatch(r, "%u+") do words[w] = (words[w] or 0) + 1 end
  local keys = {}
  for k in pairs(words) do keys[#keys + 1] = k end
  table.sort(keys)
  local line = {}
  for i = 1, math.min(5, #keys) do line[#line + 1] = keys[i] .. "=" .. words[keys[i]] end
  return count, #s, checksum(r), table.concat(line, ",")
end

-- 3. closures and upvalues
local function closures(n)
  local counters = {}
  for i = 1, 100 do
    local c = i
    counters[i] = function(d) c = c + d; return c end
  end
  local total = 0
  for j = 1, n do total = total + counters[j % 100 + 1](j % 5) end
  local function compose(f, g) return function(x) return f(g(x)) end end
  local f = function(x) return x + 1 end
  for _ = 1, 50 do f = compose(f, function(x) return x * 1 end) end
  return total, f(1)
end

-- 4. metatables: a vector type with operators and __index inheritance
local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return setmetatable({ x = a.x + b.x, y = a.y + b.y }, Vec) end
Vec.__eq = function(a, b) return a.x == b.x and a.y == b.y end
Vec.__tostring = function(a) return "(" .. a.x .. "," .. a.y .. ")" end
function Vec.new(x, y) return setmetatable({ x = x, y = y }, Vec) end
function Vec:len2() return self.x * self.x + self.y * self.y end
local function vectors(n)
  local v = Vec.new(0, 0)
  for i = 1, n do v = v + Vec.new(i % 7 - 3, i % 5 - 2) end
  return tostring(v), v:len2(), v == Vec.new(v.x, v.y)
end

-- 5. coroutines: a generator pipeline
local function gen(n)
  return coroutine.wrap(function()
    for i = 1, n do coroutine.yield(i) end
  end)
end
local function filter(p, g)
  return coroutine.wrap(function()
    for x in g do if p(x) then coroutine.yield(x) end end
  end)
end
local function coroutines(n)
  local s, c = 0, 0
  for x in filter(function(x) return x % 3 == 0 end, gen(n)) do s = s + x; c = c + 1 end
  return s, c
end

-- 6. a binary tree built and walked (allocation and the collector)
local function tree(d)
  if d == 0 then return { 0 } end
  return { d, tree(d - 1), tree(d - 1) }
end
local function walk(t)
  if not t[2] then return 1 end
  return 1 + walk(t[2]) + walk(t[3])
end
local function trees(depth, iters)
  local total = 0
  for _ = 1, iters do total = total + walk(tree(depth)) end
  collectgarbage()
  return total
end

-- 7. a hash table with string keys: word frequencies of generated text
local function freq(n)
  local words = { "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta" }
  local f = {}
  local seed = 7
  for _ = 1, n do
    seed = (seed * 69069 + 1) % 4294967296
    local w = words[seed % #words + 1] .. (seed % 13)
    f[w] = (f[w] or 0) + 1
  end
  local keys = {}
  for k in pairs(f) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) if f[a] ~= f[b] then return f[a] > f[b] end return a < b end)
  return #keys, keys[1] .. ":" .. f[keys[1]], keys[#keys] .. ":" .. f[keys[#keys]]
end

for round = 1, N do
  print("records", records(20000))
  print("strings", strings(20000))
  print("closures", closures(200000))
  print("vectors", vectors(100000))
  print("coroutines", coroutines(100000))
  print("trees", trees(14, 8))
  print("freq", freq(200000))
  print("pcall", pcall(error, "boom"), select("#", 1, nil, 3), string.format("%.3f", math.sqrt(2)))
end
