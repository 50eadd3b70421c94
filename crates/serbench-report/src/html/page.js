// report.html's own script: sorts and filters the server-rendered rows and
// fills the throughput view. Every figure it uses is a data- attribute of a
// row, so the tables it works on are the ones a reader without JavaScript
// sees.
"use strict";

// Sorts a table's rows by a heading's key: numbers ascending on the first
// click, descending on the next; rows without the figure go last.
function sortBy(th) {
  const table = th.closest("table");
  const key = th.dataset.key;
  const ascending = th.getAttribute("aria-sort") !== "ascending";
  for (const other of table.querySelectorAll("th[aria-sort]")) other.removeAttribute("aria-sort");
  th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const value = (row) => {
    const text = row.getAttribute("data-" + key);
    if (text === null || text === "") return null;
    const number = Number(text);
    return Number.isNaN(number) ? text.toLowerCase() : number;
  };
  rows.sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return (x === null) - (y === null);
    const order = x < y ? -1 : x > y ? 1 : 0;
    return ascending ? order : -order;
  });
  for (const row of rows) body.appendChild(row);
}

// The codecs the capability checkboxes let through (every row of the
// capability table that has each checked capability), or null when none is
// checked.
function capable() {
  const wanted = Array.from(document.querySelectorAll("input.capability:checked"), (box) => box.value);
  const rows = document.querySelectorAll("table.capabilities tbody tr");
  if (wanted.length === 0) {
    for (const row of rows) row.hidden = false;
    return null;
  }
  const codecs = new Set();
  for (const row of rows) {
    row.hidden = !wanted.every((key) => row.getAttribute("data-" + key) === "yes");
    if (!row.hidden) codecs.add(row.dataset.codec);
  }
  return codecs;
}

// Hides the rows whose text lacks the filter's words or whose codec lacks a
// checked capability, and the sections and charts of the datasets switched
// off.
function filter() {
  const words = document.getElementById("filter").value.toLowerCase().split(/[\s,]+/).filter(Boolean);
  const codecs = capable();
  for (const row of document.querySelectorAll("tr[data-codec-key]")) {
    const text = row.textContent.toLowerCase();
    const unwanted = codecs !== null && row.dataset.codec !== undefined && !codecs.has(row.dataset.codec);
    row.hidden = unwanted || (words.length > 0 && !words.some((word) => text.includes(word)));
  }
  for (const box of document.querySelectorAll("input.dataset")) {
    for (const section of document.querySelectorAll(`section[data-dataset="${box.value}"], div.overview[data-dataset="${box.value}"]`)) {
      section.hidden = !box.checked;
    }
  }
}

// 1234567 as "1.23 M": three significant digits and an SI prefix.
function rate(perSecond) {
  if (!Number.isFinite(perSecond)) return "–";
  for (const [scale, prefix] of [[1e9, " G"], [1e6, " M"], [1e3, " k"]]) {
    if (perSecond >= scale) return (perSecond / scale).toPrecision(3) + prefix;
  }
  return perSecond.toPrecision(3);
}

// Messages per second at the link and CPU share set above: the link carries
// bandwidth ÷ bits per message, the CPU share ÷ time per message; the
// smaller binds.
function throughput() {
  const bitsPerSecond = Number(document.getElementById("bandwidth").value) * 1e6;
  const share = Number(document.getElementById("cpu").value) / 100;
  for (const row of document.querySelectorAll("table.throughput tbody tr")) {
    const link = bitsPerSecond / (Number(row.dataset.size) * 8);
    for (const op of ["encode", "decode"]) {
      const ns = Number(row.dataset[op]);
      const cpu = row.dataset[op] && ns > 0 ? share / (ns * 1e-9) : Infinity;
      const best = Math.min(link, cpu);
      row.setAttribute("data-rate-" + op, best);
      row.querySelector(`td.rate[data-op="${op}"]`).textContent = rate(best);
      row.querySelector(`td.binds[data-op="${op}"]`).textContent = link <= cpu ? "link" : "CPU";
    }
  }
}

for (const th of document.querySelectorAll("table.sortable th[data-key]")) {
  th.tabIndex = 0;
  th.addEventListener("click", () => sortBy(th));
  th.addEventListener("keydown", (event) => { if (event.key === "Enter") sortBy(th); });
}
document.getElementById("controls").addEventListener("input", filter);
const capabilityFilter = document.getElementById("capability-filter");
if (capabilityFilter) {
  capabilityFilter.addEventListener("input", filter);
  capabilityFilter.addEventListener("submit", (event) => event.preventDefault());
}
document.getElementById("controls").addEventListener("submit", (event) => event.preventDefault());
const inputs = document.getElementById("throughput");
if (inputs) {
  inputs.addEventListener("input", throughput);
  inputs.addEventListener("submit", (event) => event.preventDefault());
  throughput();
}
