// The C++ sources below a folder, for the tests that read them as text.
import fs from 'node:fs';
import path from 'node:path';

export function sources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(p));
    else if (/\.(cpp|hpp)$/.test(entry.name)) out.push(p);
  }
  return out;
}
