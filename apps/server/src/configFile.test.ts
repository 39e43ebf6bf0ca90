import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EXIT_CONFIG, parseArgs, resolveSettings } from './cli.ts'
import { ConfigError } from './config.ts'
import { CONFIG_KEYS, mergeConfig, parseConfigFile } from './configFile.ts'
import type { Issue } from './http/errors.ts'

const dir = mkdtempSync(join(tmpdir(), 'foyer-config-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, content: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

function problems(argv: string[], env: Record<string, string> = {}): Issue[] {
  try {
    resolveSettings(argv, env, { cwd: dir, repoRoot: null })
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError)
    return (e as ConfigError).issues
  }
  throw new Error('expected a ConfigError')
}

describe('config file', () => {
  it('reads settings keyed by their environment names; numbers, booleans, projects array; paths relative to the file', () => {
    const path = file('ok.json', {
      PORT: 9001,
      FOYER_SEED_DEMO: false,
      FOYER_DATA_DIR: 'state',
      FOYER_PROJECTS: [{ id: 'my-site', allowedOrigins: ['https://my.site'] }],
      FOYER_SPAM_NFTS: [`eip155:1:0x${'a'.repeat(40)}`],
    })
    const { config, configFile } = resolveSettings(['--config', path], {}, { cwd: '/', repoRoot: null })
    expect(configFile).toBe(path)
    expect(config).toMatchObject({ port: 9001, seedDemoProject: false, dataDir: join(dir, 'state') })
    expect(config.projects.map((p) => p.id)).toEqual(['my-site'])
    expect(config.indexer.spamNfts).toHaveLength(1)
  })

  it('lets a non-blank environment variable win over the file', () => {
    const path = file('port.json', { PORT: 9001, HOST: '0.0.0.0' })
    const { config } = resolveSettings([`--config=${path}`], { PORT: '9002', HOST: ' ' }, { cwd: dir, repoRoot: null })
    expect(config.port).toBe(9002)
    expect(config.host).toBe('0.0.0.0')
    expect(resolveSettings([], { FOYER_CONFIG: path }, { cwd: dir, repoRoot: null }).config.port).toBe(9001)
  })

  it('lists every problem at once: unknown keys, wrong types, bad values (named with the file), bad env', () => {
    const path = file('bad.json', {
      PORT: 'eighty',
      port: 1,
      DATABASE_URL: 'mysql://u:hunter2@db/x',
      LOG_LEVEL: ['info'],
      NOPE: true,
      FOYER_PROJECTS: [{ id: '' }],
    })
    const issues = problems(['--config', path], { FOYER_METRICS_TOKEN: 'short' })
    expect(issues.map((i) => i.path).sort()).toEqual(
      [
        `${path}: DATABASE_URL`,
        `${path}: FOYER_PROJECTS[0].allowedOrigins`,
        `${path}: FOYER_PROJECTS[0].id`,
        `${path}: LOG_LEVEL`,
        `${path}: NOPE`,
        `${path}: PORT`,
        `${path}: port`,
        'FOYER_METRICS_TOKEN',
      ].sort(),
    )
    expect(issues.find((i) => i.path.endsWith(': port'))!.message).toContain('did you mean PORT?')
    expect(JSON.stringify(issues)).not.toContain('hunter2')
  })

  it('refuses a file that is missing, not JSON, or not an object', () => {
    expect(problems(['--config', join(dir, 'missing.json')])).toEqual([
      { path: join(dir, 'missing.json'), message: 'does not exist' },
    ])
    expect(problems(['--config', file('broken.json', '{"PORT": ')])[0]!.message).toMatch(
      /^got text that is not JSON \(.*\), expected a JSON object/,
    )
    expect(problems(['--config', file('array.json', [1])])[0]!.message).toBe(
      'got an array, expected a JSON object whose keys are setting names, e.g. {"PORT": 8787}',
    )
  })

  it('knows every setting the server reads, each once', () => {
    expect(new Set(CONFIG_KEYS).size).toBe(CONFIG_KEYS.length)
    const issues: Issue[] = []
    const parsed = parseConfigFile(
      JSON.stringify(Object.fromEntries(CONFIG_KEYS.map((k) => [k, '']))),
      'all.json',
      issues,
    )
    expect(issues).toEqual([])
    expect(Object.keys(parsed!.values)).toHaveLength(CONFIG_KEYS.length)
    expect(mergeConfig({ PORT: '1' }, { file: 'x', values: { PORT: '2', HOST: 'h' } })).toEqual({
      env: { PORT: '1', HOST: 'h' },
      fromFile: new Set(['HOST']),
    })
  })
})

describe('foyer-server arguments', () => {
  it('parses --config, --frame with and without a folder, --help, --version; refuses unknown arguments', () => {
    const issues: Issue[] = []
    expect(parseArgs(['--config', 'a.json', '--frame'], issues)).toMatchObject({ config: 'a.json', frame: true })
    expect(parseArgs(['--frame', 'build/frame', '-v'], issues)).toMatchObject({ frame: 'build/frame', version: true })
    expect(parseArgs(['--frame=dist', '--help'], issues)).toMatchObject({ frame: 'dist', help: true })
    expect(issues).toEqual([])
    for (const argv of [['--config'], ['--nope'], ['extra'], ['--help=yes']]) {
      const problems: Issue[] = []
      parseArgs(argv, problems)
      expect(
        problems.map((i) => i.path),
        argv.join(' '),
      ).toEqual(['arguments'])
      expect(problems[0]!.message, argv.join(' ')).toMatch(/see foyer-server --help/)
    }
    const empty: Issue[] = []
    parseArgs(['--config='], empty)
    expect(empty).toEqual([{ path: '--config', message: 'got nothing, expected a file name' }])
    expect(EXIT_CONFIG).toBe(78)
  })

  it('checks the frame folder with the rest of the settings', () => {
    const issues = problems(['--frame', join(dir, 'no-frame')], { PORT: 'x' })
    expect(issues.map((i) => i.path).sort()).toEqual(['FOYER_FRAME_DIR', 'PORT'])
  })
})
