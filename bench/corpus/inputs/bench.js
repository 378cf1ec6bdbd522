// Corpus workload for QuickJS: objects, arrays, closures, classes, maps,
// strings, regular expressions, JSON, generators, promises and typed
// arrays. Deterministic output. Written for dtrans's corpus.
"use strict";
function lcg(seed) { let s = seed >>> 0; return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0); }

// 1. records sorted with a comparator
{
  const r = lcg(42), a = [];
  for (let i = 0; i < 50000; i++) { const x = r(); a.push({ id: i, key: x % 1000, name: "r" + (x % 97) }); }
  a.sort((p, q) => p.key - q.key || p.id - q.id);
  let acc = 0;
  for (let i = 0; i < a.length; i += 97) acc = (acc + a[i].id * i) % 1000000007;
  console.log("records", acc, a[0].name, a[a.length - 1].key);
}
// 2. classes, inheritance, getters
class Shape { constructor(n) { this.n = n; } get area() { return 0; } describe() { return this.n + ":" + this.area.toFixed(2); } }
class Rect extends Shape { constructor(w, h) { super("rect"); this.w = w; this.h = h; } get area() { return this.w * this.h; } }
class Circle extends Shape { constructor(r) { super("circle"); this.r = r; } get area() { return Math.PI * this.r * this.r; } }
{
  const shapes = [];
  for (let i = 1; i <= 30000; i++) shapes.push(i % 3 ? new Rect(i % 17, i % 5 + 1) : new Circle(i % 11));
  const total = shapes.reduce((s, x) => s + x.area, 0);
  console.log("shapes", total.toFixed(3), shapes[7].describe(), shapes[8].describe());
}
// 3. Map and Set with string keys, closures
{
  const m = new Map(), seen = new Set(), r = lcg(7);
  const words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"];
  for (let i = 0; i < 200000; i++) { const x = r(); const w = words[x % 8] + (x % 13); m.set(w, (m.get(w) || 0) + 1); seen.add(x % 5000); }
  const keys = [...m.keys()].sort((a, b) => m.get(b) - m.get(a) || (a < b ? -1 : 1));
  console.log("map", m.size, seen.size, keys[0], m.get(keys[0]), keys[keys.length - 1]);
  const counters = Array.from({ length: 100 }, (_, i) => { let c = i; return d => (c += d); });
  let t = 0;
  for (let j = 0; j < 300000; j++) t += counters[j % 100](j % 5);
  console.log("closures", t);
}
// 4. strings and regular expressions
{
  const parts = [];
  for (let i = 0; i < 20000; i++) parts.push(String(i).padStart(5, "0") + ":" + String.fromCharCode(97 + i % 26).repeat(i % 7 + 1) + ";");
  const s = parts.join("");
  let count = 0;
  const u = s.replace(/(\d+):([a-z]+);/g, (m, d, w) => (count++, Number(d) % 3 == 0 ? w.toUpperCase() + " " : ""));
  const caps = u.match(/[A-Z]+/g);
  console.log("strings", count, s.length, u.length, caps.length, caps.slice(0, 4).join(","), caps.slice(-3).join(","));
  console.log("split", "a,b,,c".split(","), "Hello World".split("").reverse().join(""), /(\w+)@(\w+)\.com/.exec("mail bob@example.com now").slice(1));
}
// 5. JSON round trip
{
  const o = { list: [], nested: { a: 1, b: [true, false, null], c: "x\"y" } };
  for (let i = 0; i < 5000; i++) o.list.push({ i, sq: i * i, s: "v" + i });
  const text = JSON.stringify(o);
  const back = JSON.parse(text);
  console.log("json", text.length, back.list[4999].sq, JSON.stringify(back.nested));
}
// 6. generators, destructuring, spread
{
  function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
  const out = [];
  for (const f of fib()) { if (out.length >= 30) break; out.push(f); }
  const { x, ...rest } = { x: 1, y: 2, z: 3 };
  console.log("gen", out[29], Math.max(...out), x, Object.keys(rest).join(""));
}
// 7. typed arrays: a sieve
{
  const N = 2000000, sieve = new Uint8Array(N + 1);
  let primes = 0;
  for (let i = 2; i <= N; i++) { if (!sieve[i]) { primes++; for (let j = i * 2; j <= N; j += i) sieve[j] = 1; } }
  const f = new Float64Array(1000).map((_, i) => Math.sqrt(i));
  console.log("sieve", primes, f.reduce((a, b) => a + b).toFixed(6));
}
// 8. a tree built and walked (allocation and the collector)
{
  const tree = d => d == 0 ? { v: 0 } : { v: d, l: tree(d - 1), r: tree(d - 1) };
  const walk = t => t.l ? 1 + walk(t.l) + walk(t.r) : 1;
  let n = 0;
  for (let k = 0; k < 8; k++) n += walk(tree(14));
  console.log("trees", n);
}
// 9. promises and exceptions
Promise.resolve(1).then(v => { throw new Error("boom " + v); }).catch(e => console.log("promise", e.message));
try { null.x; } catch (e) { console.log("caught", e instanceof TypeError); }
