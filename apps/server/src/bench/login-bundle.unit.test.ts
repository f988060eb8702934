import { describe, expect, it } from 'vitest';
import { dynamicImportFiles } from './login-bundle';

// The shape of Vite's entry chunk for main.tsx (the build of 2026-11-24, names shortened).
const entry =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/mount-shop-A.js","assets/runtime-B.js","assets/framework-C.js","assets/shop-D.css","assets/mount-back-office-E.js","assets/antd-F.js"])))=>i.map(i=>d[i]);' +
  '(/^\\/shop\\/[^/]+/.test(window.location.pathname)?c(()=>import(`./mount-shop-A.js`).then(e=>e.mountShop(l)),__vite__mapDeps([0,1,2,3])):' +
  'c(()=>import(`./mount-back-office-E.js`).then(e=>e.mountBackOffice(l)),__vite__mapDeps([4,1,2,5]))).catch(()=>{});';

describe('dynamicImportFiles', () => {
  it('names the chunk an entry imports and the scripts Vite preloads with it, not the other app’s', () => {
    expect(dynamicImportFiles(entry, 'mount-back-office')).toEqual([
      '/assets/mount-back-office-E.js',
      '/assets/runtime-B.js',
      '/assets/framework-C.js',
      '/assets/antd-F.js',
    ]);
    expect(dynamicImportFiles(entry, 'mount-shop')).toEqual(['/assets/mount-shop-A.js', '/assets/runtime-B.js', '/assets/framework-C.js']);
  });

  it('finds nothing in an entry without that import', () => {
    expect(dynamicImportFiles('console.log(1)', 'mount-back-office')).toEqual([]);
  });
});
