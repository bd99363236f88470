// `cmake --install` of the native build into a temporary prefix: the binaries, man pages made
// from --help, completions, the desktop entry (names from the message table) and icon, the web
// page when it is built; the installed CLI reports the CMake version.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const build = process.env.CARDFIT_BUILD;
const root = process.env.CARDFIT_ROOT;
const version = process.env.CARDFIT_VERSION;

test('cmake --install lays out a complete tree', () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'cardfit-install-'));
  try {
    const r = spawnSync('cmake', ['--install', build, '--prefix', prefix], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const file = (p) => path.join(prefix, p);
    for (const p of ['bin/cardfit', 'bin/cardfit-gui', 'share/man/man1/cardfit.1', 'share/man/man1/cardfit-gui.1',
                     'share/bash-completion/completions/cardfit', 'share/zsh/vendor-completions/_cardfit',
                     'share/fish/vendor_completions.d/cardfit.fish', 'share/applications/cardfit.desktop',
                     'share/icons/hicolor/scalable/apps/cardfit.svg', 'share/doc/cardfit/README.md',
                     'share/doc/cardfit/cli.md', 'share/doc/cardfit/LICENSE']) {
      assert.ok(existsSync(file(p)), p);
    }
    const cli = spawnSync(file('bin/cardfit'), ['--version'], { encoding: 'utf8' });
    assert.equal(cli.stdout.trim(), `cardfit ${version}`);
    const gui = spawnSync(file('bin/cardfit-gui'), ['--version'], { encoding: 'utf8' });
    assert.equal(gui.stdout.trim(), `cardfit-gui ${version}`);

    const man = readFileSync(file('share/man/man1/cardfit.1'), 'utf8');
    assert.match(man, new RegExp(`^\\.TH CARDFIT 1 "" "cardfit ${version.replace(/\./g, '\\.')}"`));
    for (const section of ['.SH NAME', '.SH SYNOPSIS', '.SH COMMANDS', '.SH EXIT STATUS', '.SS "cardfit estimate"',
                           '.SS "cardfit plan"', '.SS "cardfit catalog"', '\\fB\\-\\-budget\\-tier ID\\fR']) {
      assert.ok(man.includes(section), section);
    }
    const rendered = spawnSync('man', ['-l', file('share/man/man1/cardfit.1')], { encoding: 'utf8', env: { ...process.env, MANWIDTH: '80' } });
    if (rendered.status === 0) assert.match(rendered.stdout, /--budget-tier ID/);

    const desktop = readFileSync(file('share/applications/cardfit.desktop'), 'utf8');
    const ui = JSON.parse(readFileSync(path.join(root, 'assets/i18n/ui.json'), 'utf8'));
    assert.match(desktop, /^\[Desktop Entry\]\nType=Application\nName=cardfit\n/);
    assert.ok(desktop.includes(`Comment[zh_CN]=${ui['app.tagline'].zh}\n`));
    assert.ok(desktop.includes('Exec=cardfit-gui\n') && desktop.includes('Icon=cardfit\n'));
    const validate = spawnSync('desktop-file-validate', [file('share/applications/cardfit.desktop')], { encoding: 'utf8' });
    if (!validate.error) assert.equal(validate.status, 0, validate.stdout + validate.stderr);

    const web = path.join(root, 'build/web/dist/index.html');
    if (existsSync(web)) {
      for (const p of ['index.html', 'cardfit.js', 'cardfit.wasm', 'package.json', 'cardfit.d.ts']) {
        assert.ok(existsSync(file(`share/cardfit/web/${p}`)), p);
      }
    }
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
});
