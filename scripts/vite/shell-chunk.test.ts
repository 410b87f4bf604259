import { describe, expect, it } from 'vitest';

import {
  COMPILE_HINT,
  type ModuleGraph,
  SHELL_CHUNK,
  shellChunkBanner,
  shellChunkGroup,
  staticClosure,
} from './shell-chunk.ts';

function graph(edges: Record<string, string[]>): ModuleGraph {
  return {
    getModuleInfo: (id) => (id in edges ? { importedIds: edges[id] ?? [] } : null),
  };
}

describe('staticClosure', () => {
  it('follows static imports transitively, once each, and leaves the starts out', () => {
    const modules = graph({
      root: ['button', 'react'],
      entry: ['react-dom', 'react'],
      button: ['cn'],
      cn: [],
      react: [],
      'react-dom': ['react', 'scheduler'],
      scheduler: [],
      home: ['carousel', 'button'],
      carousel: [],
    });
    expect([...staticClosure(modules, ['root', 'entry'])].sort()).toEqual([
      'button',
      'cn',
      'react',
      'react-dom',
      'scheduler',
    ]);
  });

  it('survives import cycles', () => {
    expect([...staticClosure(graph({ a: ['b'], b: ['a', 'c'], c: [] }), ['a'])]).toEqual([
      'b',
      'c',
    ]);
  });
});

describe('shellChunkGroup', () => {
  it('names the shell chunk for the root route’s imports only, per chunking pass', () => {
    const group = shellChunkGroup('/site');
    const client = graph({
      '/site/app/root.tsx': ['/site/app/shell.tsx'],
      '/site/app/shell.tsx': [],
      '/site/app/routes/home.tsx': ['/site/app/carousel.tsx'],
      '/site/app/carousel.tsx': [],
    });
    expect(group.name('/site/app/shell.tsx', client)).toBe(SHELL_CHUNK);
    expect(group.name('/site/app/carousel.tsx', client)).toBeNull();
    expect(group.name('/site/app/root.tsx', client)).toBeNull();
    const server = graph({
      '/site/app/root.tsx': ['/site/app/carousel.tsx'],
      '/site/app/carousel.tsx': [],
    });
    expect(group.name('/site/app/carousel.tsx', server)).toBe(SHELL_CHUNK);
  });
});

describe('shellChunkBanner', () => {
  it('gives the shell chunk, and it alone, the compile hint', () => {
    expect(shellChunkBanner({ name: SHELL_CHUNK })).toBe(COMPILE_HINT);
    expect(shellChunkBanner({ name: 'home' })).toBe('');
  });
});
