// Copies the widget's demo page into dist/, served by the server under /widget/.
// The embeddable widget script itself is built here too once it exists.
import fs from 'node:fs';

fs.rmSync('dist', { recursive: true, force: true });
fs.cpSync('demo', 'dist', { recursive: true });
console.log('built apps/widget/dist');
