import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDirectory).toMatch(/\.data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('names the variable with a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads PostgreSQL and the open-data folder', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/test', OPENDATA_DIR: '/tmp' });
    expect(config.databaseUrl).toBe('postgres://127.0.0.1/test');
    expect(config.openDataDirectory).toBe('/tmp');
  });
});
