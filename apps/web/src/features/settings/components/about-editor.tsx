import { useEffect, useRef } from 'react';
import EditorJS, { type OutputData, type ToolConstructable } from '@editorjs/editorjs';
import Header from '@editorjs/header';
import ImageTool from '@editorjs/image';
import List from '@editorjs/list';
import { uploadAboutImage } from '@/features/settings/api/about-image-api';
import { EDITOR_RU } from '@/features/settings/components/editor-ru';
import { useLatest } from '@/features/settings/settings-hooks';

/** The editor's tools of the spec: list, image and headers of level 1 only (plus the default paragraph). */
const TOOLS = {
  header: { class: Header as unknown as ToolConstructable, config: { levels: [1], defaultLevel: 1 } },
  list: { class: List as unknown as ToolConstructable, inlineToolbar: true },
  image: {
    class: ImageTool as unknown as ToolConstructable,
    config: { uploader: { uploadByFile: uploadAboutImage, uploadByUrl: async (url: string) => ({ success: 1, file: { url } }) } },
  },
};

const parse = (value: string | undefined): OutputData | undefined => {
  if (!value) return undefined;
  try {
    return JSON.parse(value) as OutputData;
  } catch {
    return undefined;
  }
};

/**
 * "About the company" as Editor.js output (JSON text) in a form field. The editor keeps its own content; a value
 * set from outside (the loaded settings) is rendered into it.
 */
export function AboutEditor({ value, onChange, readOnly }: { value?: string; onChange?: (value: string) => void; readOnly?: boolean }) {
  const holder = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorJS | null>(null);
  const emitted = useRef<string | undefined>(value);
  const onChangeRef = useLatest(onChange);

  useEffect(() => {
    if (!holder.current) return;
    const instance = new EditorJS({
      holder: holder.current,
      tools: TOOLS,
      i18n: { messages: EDITOR_RU },
      readOnly: Boolean(readOnly),
      data: parse(emitted.current),
      minHeight: 80,
      onChange: async (api) => {
        const data = await api.saver.save();
        const text = data.blocks.length ? JSON.stringify(data) : '';
        emitted.current = text;
        onChangeRef.current?.(text);
      },
    });
    editor.current = instance;
    return () => {
      editor.current = null;
      void instance.isReady.then(() => instance.destroy()).catch(() => undefined);
    };
  }, [readOnly, onChangeRef]);

  useEffect(() => {
    const instance = editor.current;
    if (!instance || (value ?? '') === (emitted.current ?? '')) return;
    emitted.current = value;
    const data = parse(value);
    void instance.isReady.then(() => (data ? instance.render(data) : instance.clear()));
  }, [value]);

  return (
    <div
      ref={holder}
      data-testid="about-editor"
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '8px 48px', minHeight: 120, background: readOnly ? '#fafafa' : '#fff' }}
    />
  );
}
