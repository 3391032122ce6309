// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileKindSelect } from './FileKindSelect.js';

afterEach(() => { cleanup(); });

const KINDS = ['APPRAISAL', 'DATASHEET', 'OTHER'] as const;

describe('FileKindSelect', () => {
  it('is a select named by its label, one option per kind with its text, the value shown selected', () => {
    render(<FileKindSelect label="Document kind" kinds={KINDS} value="DATASHEET" optionLabel={(k) => `kind ${k}`} onChange={() => undefined} testId="kind" />);
    const select = screen.getByLabelText<HTMLSelectElement>('Document kind');
    expect(select.dataset.testid).toBe('kind');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([['APPRAISAL', 'kind APPRAISAL'], ['DATASHEET', 'kind DATASHEET'], ['OTHER', 'kind OTHER']]);
    expect(select.value).toBe('DATASHEET');
  });

  it('tells the kind picked', () => {
    const onChange = vi.fn();
    render(<FileKindSelect label="Kind" kinds={KINDS} value="APPRAISAL" optionLabel={(k) => k} onChange={onChange} testId="kind" />);
    fireEvent.change(screen.getByTestId('kind'), { target: { value: 'OTHER' } });
    expect(onChange).toHaveBeenCalledWith('OTHER');
  });
});
