type UploadProgressProps = {
  fraction: number;
  /** What is being sent ('Uploading files...'). */
  sendingLabel: string;
  /** What the server is doing once every byte is sent ('Upload complete, saving the resource...'). */
  sentLabel: string;
};

/** An upload's progress: a bar and its percentage, then a word while the server works on it. */
export function UploadProgress({ fraction, sendingLabel, sentLabel }: UploadProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const isSent = percent >= 100;
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">{isSent ? sentLabel : sendingLabel}</span>
        <span className="text-slate-600 tabular-nums" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-indigo-100"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
