/**
 * What `npm run dist` and `npm run desktop` rely on, checked without the Electron binary: the electron-builder
 * config passes electron-builder's own schema and agrees with the code (file association ↔ argument parsing,
 * bundled example ↔ the path main.ts opens, package.json main ↔ the compiled shell), the icons are real images,
 * and the compiled preload is a single CommonJS file, as a sandboxed preload must be.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isProjectFile } from '../../electron/args.js';
import { packageRoot } from '../../server/index.js';
import { tempDir } from '../helpers/temp-dir.js';

const root = packageRoot();
const config = parse(readFileSync(join(root, 'build', 'electron-builder.yml'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(join(root, 'package.json'));

describe('electron-builder config', () => {
  it('passes electron-builder’s own validation', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = require('builder-util/out/DebugLogger.js');
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...config, linux: { ...config.linux, targett: 'deb' } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration/i);
  });

  it('builds the installers the issue asks for, under the app’s name and id', () => {
    expect(config).toMatchObject({ appId: 'org.marginalia.desktop', productName: 'Marginalia' });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toBe('dmg');
    expect(config.win.target).toBe('nsis');
    expect(pkg.scripts.dist).toContain('electron-builder --config build/electron-builder.yml');
    expect(pkg.devDependencies.electron).toBeDefined(); // electron-builder refuses electron in dependencies
    expect(pkg.dependencies.electron).toBeUndefined();
  });

  it('associates exactly the files the app opens from its command line', () => {
    const exts: string[] = config.fileAssociations.flatMap((a: { ext: string | string[] }) => a.ext);
    expect(exts.sort()).toEqual(['yaml', 'yml']);
    for (const ext of exts) expect(isProjectFile(`/x/project.${ext}`)).toBe(true);
  });

  it('ships the example main.ts opens on first run, without any local annotation data', () => {
    const example = config.extraResources.find((r: { to: string }) => r.to === 'examples/product-reviews');
    expect(example).toBeDefined();
    expect(existsSync(join(root, example.from, 'config.yaml'))).toBe(true);
    expect(example.filter).toContain('!annotation_output/**');
    expect(readFileSync(join(root, 'electron', 'main.ts'), 'utf8')).toContain(
      "join(process.resourcesPath, 'examples', 'product-reviews', 'config.yaml')",
    );
  });

  it('packs the compiled app that package.json starts', () => {
    expect(pkg.main).toBe('dist/electron/main.js');
    expect(config.files).toContain('dist/**');
  });

  it('has real icons: a 1024 px PNG, an ICNS and an ICO with a 256 px image', () => {
    const png = readFileSync(join(root, config.linux.icon));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);

    const icns = readFileSync(join(root, config.mac.icon));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const types: string[] = [];
    for (let at = 8; at < icns.length; at += icns.readUInt32BE(at + 4))
      types.push(icns.subarray(at, at + 4).toString('latin1'));
    expect(types).toContain('ic10'); // 1024 px, the Retina 512

    const ico = readFileSync(join(root, config.win.icon));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, i) => ico[6 + 16 * i] || 256);
    expect(sizes).toContain(256);
    expect(sizes).toContain(16);
  });
});

describe('the built shell', () => {
  it('bundles main.js as an ES module with the server it hosts, and the preload as one CommonJS file', async () => {
    const out = tempDir('marginalia-electron-build-');
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = (...mode: string[]) =>
      new Promise<void>((resolve, reject) =>
        execFile(
          process.execPath,
          [vite, 'build', '--config', 'vite.electron.config.ts', '--outDir', out, '--logLevel', 'error', ...mode],
          { cwd: root },
          (e, _stdout, stderr) => (e ? reject(new Error(stderr)) : resolve()),
        ),
      );
    await build();
    await build('--mode', 'preload');
    const main = readFileSync(join(out, 'main.js'), 'utf8');
    expect(main).toMatch(/^import \{[^}]*\bBrowserWindow\b[^}]*\} from "electron";$/m);
    expect(main).toContain('"preload.cjs"');
    // the server is inside the bundle (or its chunks): nothing is imported from the sources or from dist/server
    const relative = [...main.matchAll(/^import .* from "(\.[^"]+)";$/gm)].map((m) => m[1]);
    expect(relative.every((path) => path.startsWith('./chunks/'))).toBe(true);
    expect(main).toContain('"/updateinstance"');
    const preload = readFileSync(join(out, 'preload.cjs'), 'utf8');
    const required = [...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(preload).not.toMatch(/^\s*(import|export)\s/m);
  }, 120_000);
});
