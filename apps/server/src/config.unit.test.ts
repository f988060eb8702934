import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const s3Of = (env: Record<string, string>) => loadConfig(env).s3;

describe('config: the file store (S3_URL, S3_BUCKET…)', () => {
  it('keeps files in DATA_DIR when no S3 setting is given', () => {
    expect(s3Of({})).toBeUndefined();
    expect(s3Of({ S3_REGION: 'eu-west-1', S3_PREFIX: 'b2b' })).toBeUndefined();
  });

  it('reads S3_URL: endpoint, bucket, credentials (percent-decoded), prefix, region and path_style', () => {
    expect(
      s3Of({ S3_URL: 'https://AKIA%2B1:se%2Fcr%40et@storage.example.com:9000/files-bucket/b2b/prod/?region=eu-central-1&path_style=false' }),
    ).toEqual({
      endpoint: 'https://storage.example.com:9000',
      bucket: 'files-bucket',
      region: 'eu-central-1',
      prefix: 'b2b/prod/',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKIA+1', secretAccessKey: 'se/cr@et' },
    });
  });

  it('S3_URL without credentials, prefix, region or path_style: the SDK chain, S3_PREFIX, S3_REGION, path-style', () => {
    expect(s3Of({ S3_URL: 'http://127.0.0.1:4568/b2b-test', S3_PREFIX: '/install-1/', S3_REGION: 'ru-central1' })).toEqual({
      endpoint: 'http://127.0.0.1:4568',
      bucket: 'b2b-test',
      region: 'ru-central1',
      prefix: 'install-1/',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(s3Of({ S3_URL: 'http://minio:9000/b2b?path_style=1' })).toMatchObject({ forcePathStyle: true, prefix: '', region: 'us-east-1' });
    expect(s3Of({ S3_URL: 'http://minio:9000/b2b?path_style=true' })?.forcePathStyle).toBe(true);
  });

  it('S3_URL wins over the parts given one by one', () => {
    expect(s3Of({ S3_URL: 'http://K:S@minio:9000/from-url/p', S3_BUCKET: 'from-parts', S3_ENDPOINT: 'http://other:9000' })).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'from-url',
      prefix: 'p/',
    });
  });

  it('refuses an S3_URL without a bucket, or with a key and no secret', () => {
    expect(() => loadConfig({ S3_URL: 'https://K:S@storage.example.com/' })).toThrow(/S3_URL: the bucket is missing/);
    expect(() => loadConfig({ S3_URL: 'https://K@storage.example.com/bucket' })).toThrow(/S3_URL: give both the key and the secret/);
    expect(() => loadConfig({ S3_URL: 'not a url' })).toThrow(/Invalid configuration:\nS3_URL/);
  });

  it('S3_BUCKET alone is AWS: no endpoint, virtual-host addressing, us-east-1, no prefix, the SDK chain', () => {
    expect(s3Of({ S3_BUCKET: 'b2b-files' })).toEqual({
      endpoint: undefined,
      bucket: 'b2b-files',
      region: 'us-east-1',
      prefix: '',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('S3_BUCKET with S3_ENDPOINT is a self-hosted store: path-style unless S3_FORCE_PATH_STYLE says otherwise', () => {
    const env = {
      S3_BUCKET: 'b2b-files',
      S3_ENDPOINT: 'http://minio.local:9000',
      S3_REGION: 'eu-west-1',
      S3_PREFIX: 'b2b',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
    };
    expect(s3Of(env)).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'b2b-files',
      region: 'eu-west-1',
      prefix: 'b2b/',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    expect(s3Of({ ...env, S3_FORCE_PATH_STYLE: 'false' })?.forcePathStyle).toBe(false);
    expect(s3Of({ S3_BUCKET: 'b2b-files', S3_FORCE_PATH_STYLE: '1' })?.forcePathStyle).toBe(true);
    expect(() => loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('refuses S3_ENDPOINT without S3_BUCKET, and one access key without the other', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio.local:9000' })).toThrow(/S3_BUCKET: required with S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b2b-files', S3_ACCESS_KEY_ID: 'minio' })).toThrow(/give both or neither/);
    expect(() => loadConfig({ S3_BUCKET: 'b2b-files', S3_SECRET_ACCESS_KEY: 'minio-secret' })).toThrow(/give both or neither/);
    expect(() => loadConfig({ S3_BUCKET: 'ab' })).toThrow(/S3_BUCKET/);
  });
});
