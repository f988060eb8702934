import { useState } from 'react';
import { Input } from 'antd';

/**
 * The list's search box. It keeps what is typed while the list's `query` arrives or changes (a search restored
 * from the saved params replaces the text once, it never swallows typing), and searches on Enter or the button.
 */
export function ListSearch({ testId, query, placeholder, onSearch }: { testId: string; query: string | null | undefined; placeholder: string; onSearch: (query: string | null) => void }) {
  const [text, setText] = useState(query ?? '');
  const [shown, setShown] = useState(query ?? '');
  // The query changed from outside (restored from the cookie, cleared by a reset): show it.
  if ((query ?? '') !== shown) {
    setShown(query ?? '');
    setText(query ?? '');
  }
  return (
    <Input.Search
      data-testid={testId}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => onSearch(value.trim() || null)}
      style={{ width: 280 }}
    />
  );
}
