// Sorts a table.sortable by the clicked column: numerically when both cells begin with a number
// (so 9.5 comes before 10), else as text; a second click reverses. Cells that are empty or "-"
// sort last either way.
(function () {
  function value(row, column) {
    var text = row.cells[column].textContent.trim();
    // a leading number counts: "0.98 ± 0.01" and "99.3%" sort by it
    var number = /^[-+]?(\d|\.\d)/.test(text) ? parseFloat(text) : NaN;
    return { text: text, number: isFinite(number) ? number : null, blank: text === '' || text === '-' };
  }
  function compare(a, b, descending) {
    if (a.blank !== b.blank) { return a.blank ? 1 : -1; }
    var order = a.number !== null && b.number !== null ? a.number - b.number : a.text.localeCompare(b.text);
    return descending ? -order : order;
  }
  function sort(table, header, column) {
    var descending = header.getAttribute('aria-sort') === 'ascending';
    table.querySelectorAll('th').forEach(function (th) { th.removeAttribute('aria-sort'); });
    header.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (x, y) { return compare(value(x, column), value(y, column), descending); });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    table.querySelectorAll('thead th').forEach(function (header, column) {
      header.title = 'sort by ' + header.textContent;
      header.addEventListener('click', function () { sort(table, header, column); });
    });
  });
})();
