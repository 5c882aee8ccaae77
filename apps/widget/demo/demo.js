/* global fetch, document */
// The demo page wears the school's own name and colours from the widget settings, like a real site.
fetch('/widget/config')
  .then((res) => (res.ok ? res.json() : null))
  .then((config) => {
    if (!config) return;
    for (const el of document.querySelectorAll('[data-school-name]')) el.textContent = config.school_name;
    document.title = `${config.school_name} · A school where every child is understood`;
    const mark = document.querySelector('.brand-mark');
    if (mark) mark.textContent = config.school_name.trim().charAt(0).toUpperCase();
  })
  .catch(() => {});
