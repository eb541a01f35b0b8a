import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { FileDropZone } from './file-drop-zone';
import { UploadProgress } from './upload-progress';

const MAX = 1024 * 1024;

function Harness({ onFile }: { onFile: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDropZone
      id="field-file"
      file={file}
      maxBytes={MAX}
      onFile={(chosen) => {
        setFile(chosen);
        onFile(chosen);
      }}
    />
  );
}

describe('FileDropZone', () => {
  it('takes a file from the picker and names it with its size', async () => {
    const onFile = jest.fn();
    renderWithIntl(<Harness onFile={onFile} />);
    const file = new File(['%PDF-1.4'], 'Vertrag.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText(/^Datei/), file);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(screen.getByTestId('chosen-file')).toHaveTextContent('Ausgewählt: Vertrag.pdf (8 B)');
    expect(screen.getByRole('button', { name: 'Andere Datei wählen' })).toBeInTheDocument();
  });

  it('takes a dropped file and says at once when it is too large or of a refused type', () => {
    renderWithIntl(<Harness onFile={jest.fn()} />);
    const zone = screen.getByTestId('file-drop-zone');
    const large = new File([new Uint8Array(MAX + 1)], 'gross.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [large] } });
    expect(screen.getByText('Die Datei ist größer als 1 MB.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Datei/)).toHaveAttribute('aria-invalid', 'true');

    const program = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    fireEvent.drop(zone, { dataTransfer: { files: [program] } });
    expect(
      screen.getByText('Dieser Dateityp ist nicht erlaubt. Erlaubt sind PDF, PNG, JPEG, DOCX, XLSX, CSV, TXT.'),
    ).toBeInTheDocument();
  });
});

describe('UploadProgress', () => {
  it('runs from 0 to 100 as an accessible progress bar', () => {
    const { unmount } = renderWithIntl(<UploadProgress percent={42.4} />);
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt des Hochladens' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('42 % hochgeladen')).toBeInTheDocument();
    unmount();
    renderWithIntl(<UploadProgress percent={100} />);
    expect(screen.getByText('Die Datei wird geprüft …')).toBeInTheDocument();
  });
});
