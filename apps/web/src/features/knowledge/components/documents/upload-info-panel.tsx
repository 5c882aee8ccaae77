import { Info } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const TIPS = [
  ['Formats', 'PDF, DOCX, TXT and MD documents; PNG, JPG, GIF and WebP images. Up to 10 MB.'],
  ['Images', 'Text read from an image waits in Text Extractions until you approve it.'],
  [
    'Categories',
    'General, Admissions, Programs, Tuition, Special Needs or Policies: they label the answers.',
  ],
  ['Priority', 'From 0 to 10: when two passages answer equally well, the higher priority wins.'],
  ['Q&A pairs', 'Lines like "Q: ... A: ..." or a question followed by its answer are found and counted.'],
] as const;

/** The side panel beside the upload: what can be uploaded and what happens to it. */
export function UploadInfoPanel() {
  return (
    <Card>
      <CardHeader title="Good to know" icon={<Info className="size-5" aria-hidden="true" />} />
      <CardContent>
        <dl className="space-y-3 text-sm">
          {TIPS.map(([term, text]) => (
            <div key={term}>
              <dt className="font-medium text-slate-900">{term}</dt>
              <dd className="text-slate-600">{text}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
