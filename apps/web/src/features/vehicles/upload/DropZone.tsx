import { useRef, useState, type DragEvent } from 'react';

interface Props {
  /** What is dropped (the zone's accessible name). */
  readonly label: string;
  readonly hint: string;
  /** The button's text. */
  readonly choose: string;
  readonly accept: string;
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  readonly onFiles: (files: File[]) => void;
  readonly testId: string;
}

/**
 * A drop zone for files: drag and drop with the mouse, or the button (keyboard: Tab, then Enter or Space) that opens
 * the browser's file picker. The `accept` list is only the picker's hint: the server judges every file by its content.
 */
export function DropZone({ label, hint, choose, accept, multiple = false, disabled = false, onFiles, testId }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <div
      role="group" aria-label={label} className={`drop-zone${over ? ' drop-over' : ''}${disabled ? ' drop-disabled' : ''}`} data-testid={testId}
      onDragOver={(e) => { e.preventDefault(); if (!disabled) setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="drop-hint">{hint}</p>
      <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()} data-testid={`${testId}-button`}>
        {choose}
      </button>
      <input
        ref={input} type="file" hidden accept={accept} multiple={multiple} aria-label={label} data-testid={`${testId}-input`}
        onChange={(e) => { take(e.target.files); e.target.value = ''; }}
      />
    </div>
  );
}
