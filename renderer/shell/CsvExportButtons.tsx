import { DownloadCsvButton } from './DownloadCsvButton';
import './list-controls.css';

type Download = (excel: boolean) => Promise<{ blob: Blob; filename: string | undefined }>;

/**
 * Download CSV and CSV for Excel: the same rows (the list's filters), the second with a UTF-8
 * byte-order mark so Excel, opening it by double-click, keeps accents and non-Latin names.
 */
export function CsvExportButtons({ download, filename }: { download: Download; filename: string }) {
  return (
    <span className="csv-export">
      <DownloadCsvButton download={() => download(false)} filename={filename} />
      <DownloadCsvButton download={() => download(true)} filename={filename.replace(/\.csv$/, '-excel.csv')} label="CSV for Excel" />
    </span>
  );
}
