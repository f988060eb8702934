import { Image } from 'antd';

const SIZE = 48;

/** A grey square with a picture outline: what an item shows when its picture is missing or fails to load. */
export const PICTURE_PLACEHOLDER = `data:image/svg+xml;utf8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 48 48">` +
    '<rect width="48" height="48" rx="4" fill="#f0f0f0"/>' +
    '<path d="M12 34l8-10 6 7 4-5 6 8z" fill="#bfbfbf"/><circle cx="30" cy="17" r="3.5" fill="#bfbfbf"/></svg>',
)}`;

/** An item's preview picture (the detail picture on click); the placeholder when there is none or it 404s. */
export function ProductThumb({ preview, detail, alt }: { preview: string | null; detail: string | null; alt: string }) {
  const src = preview || detail;
  if (!src) {
    return <img src={PICTURE_PLACEHOLDER} width={SIZE} height={SIZE} alt="" data-testid="item-picture-placeholder" />;
  }
  return (
    <Image
      src={src}
      alt={alt}
      width={SIZE}
      height={SIZE}
      style={{ objectFit: 'contain' }}
      fallback={PICTURE_PLACEHOLDER}
      preview={detail ? { src: detail } : false}
      data-testid="item-picture"
    />
  );
}
