import { useState } from 'react';
import { Input } from 'antd';

/**
 * The list's search box. A query that changes from outside (restored from the saved params, cleared by a reset)
 * shows in the box unless the user has typed since: a late restore never swallows typing. Enter or the button
 * searches.
 */
export function ListSearch({
  testId,
  query,
  placeholder,
  onSearch,
}: {
  testId: string;
  query: string | null | undefined;
  placeholder: string;
  onSearch: (query: string | null) => void;
}) {
  const [text, setText] = useState(query ?? '');
  const [typed, setTyped] = useState(false);
  const [shown, setShown] = useState(query ?? '');
  if ((query ?? '') !== shown) {
    setShown(query ?? '');
    if (!typed) setText(query ?? '');
  }
  return (
    <Input.Search
      data-testid={testId}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        setTyped(true);
      }}
      onSearch={(value) => {
        setTyped(false);
        onSearch(value.trim() || null);
      }}
      style={{ width: 280 }}
    />
  );
}
