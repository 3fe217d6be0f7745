import { describe, expect, it } from 'vitest';
import { DEFAULT_AGAINST_TOKEN, parseArgs } from './args';

describe('parseArgs', () => {
  it('takes the reference URL and defaults its token', () => {
    expect(parseArgs(['--against', 'http://127.0.0.1:4299/'])).toEqual({
      against: 'http://127.0.0.1:4299',
      againstToken: DEFAULT_AGAINST_TOKEN,
      ours: undefined,
      oursToken: undefined,
      json: undefined,
      verbose: false,
      areas: undefined,
    });
  });

  it('accepts --key=value and --key value, our server, a JSON file and areas', () => {
    const args = parseArgs([
      '--against=http://a',
      '--against-token',
      't1',
      '--ours',
      'http://b',
      '--ours-token=t2',
      '--json',
      'out.json',
      '--areas',
      'client, frontend',
      '--verbose',
    ]);
    expect(args).toMatchObject({
      againstToken: 't1',
      ours: 'http://b',
      oursToken: 't2',
      json: 'out.json',
      verbose: true,
    });
    expect(args.areas).toEqual(['client', 'frontend']);
  });

  it('refuses missing, unknown or half-given options', () => {
    expect(() => parseArgs([])).toThrow('--against is required');
    expect(() => parseArgs(['--against', 'http://a', '--nope', 'x'])).toThrow('unknown option --nope');
    expect(() => parseArgs(['--against', 'http://a', '--ours', 'http://b'])).toThrow(
      '--ours and --ours-token go together',
    );
    expect(() => parseArgs(['--against'])).toThrow('--against needs a value');
    expect(() => parseArgs(['stray'])).toThrow('unexpected argument "stray"');
  });
});
