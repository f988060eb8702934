import { describe, expect, it } from 'vitest';
import { sqlStatements } from './read-model-sql';

describe('sqlStatements', () => {
  it('cuts at the semicolons outside bodies, strings and comments, and drops what holds only comments', () => {
    const text = `-- a file; its header
create or replace function f() returns trigger language plpgsql as $$
begin
  raise notice 'a; b';
  return null; -- done;
end
$$;
/* between; */ drop trigger if exists t on x;
create trigger t after insert on "a;b" for each statement execute function f();
-- the end;
`;
    expect(sqlStatements(text)).toEqual([
      `-- a file; its header\ncreate or replace function f() returns trigger language plpgsql as $$\nbegin\n  raise notice 'a; b';\n  return null; -- done;\nend\n$$`,
      '/* between; */ drop trigger if exists t on x',
      'create trigger t after insert on "a;b" for each statement execute function f()',
    ]);
  });
});
