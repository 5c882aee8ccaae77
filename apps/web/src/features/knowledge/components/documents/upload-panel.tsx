import {
  KNOWLEDGE_DEFAULT_PRIORITY,
  KNOWLEDGE_MESSAGES,
  KNOWLEDGE_PRIORITY_MAX,
  KNOWLEDGE_PRIORITY_MIN,
  knowledgeUploadError,
  type KnowledgeCategory,
  type KnowledgeUploadResponse,
} from '@lantern/contracts';
import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { UploadProgress } from '@/components/ui/upload-progress';
import { errorMessage } from '@/lib/api-client';
import { useUploadDocument } from '../../api/upload-document';
import { CATEGORY_OPTIONS } from '../format';
import { FileDropZone } from './file-drop-zone';

type UploadPanelProps = {
  onUploaded: (answer: KnowledgeUploadResponse) => void;
  onFailed: (message: string) => void;
};

/** 'Upload Document': one file, its category (default general) and priority (0 to 10, default 0). */
export function UploadPanel({ onUploaded, onFailed }: UploadPanelProps) {
  const id = useId();
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<KnowledgeCategory>('general');
  const [priority, setPriority] = useState(String(KNOWLEDGE_DEFAULT_PRIORITY));
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  function choose(next: File | null) {
    setFile(next);
    // The type and size are checked as soon as a file is chosen, not only on Upload.
    setProblem(next ? knowledgeUploadError(next) : null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const fileProblem = knowledgeUploadError(file);
    const level = Number(priority);
    const priorityProblem =
      Number.isInteger(level) && level >= KNOWLEDGE_PRIORITY_MIN && level <= KNOWLEDGE_PRIORITY_MAX
        ? null
        : KNOWLEDGE_MESSAGES.priority;
    setProblem(fileProblem ?? priorityProblem);
    if (fileProblem || priorityProblem || !file) return;
    setProgress(0);
    upload.mutate(
      { file, category, priority: level, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          setFile(null);
          onUploaded(answer);
        },
        onError: (error) => onFailed(errorMessage(error, KNOWLEDGE_MESSAGES.uploadFailed)),
      },
    );
  }

  return (
    <Card>
      <CardHeader
        title="Upload Document"
        description="Add a document the chatbot can answer from"
        icon={<Upload className="size-5" aria-hidden="true" />}
      />
      <CardContent>
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Upload Document">
          <FileDropZone file={file} disabled={upload.isPending} onChange={choose} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-category`}>Category</Label>
              <Select
                id={`${id}-category`}
                value={category}
                disabled={upload.isPending}
                onChange={(event) => setCategory(event.target.value as KnowledgeCategory)}
              >
                {CATEGORY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-priority`}>Priority (0-10)</Label>
              <Input
                id={`${id}-priority`}
                type="number"
                inputMode="numeric"
                min={KNOWLEDGE_PRIORITY_MIN}
                max={KNOWLEDGE_PRIORITY_MAX}
                step={1}
                value={priority}
                disabled={upload.isPending}
                onChange={(event) => setPriority(event.target.value)}
                aria-describedby={`${id}-priority-hint`}
              />
              <p id={`${id}-priority-hint`} className="text-xs text-slate-600">
                Higher priority documents are preferred when answers tie.
              </p>
            </div>
          </div>
          {problem && <Alert tone="error">{problem}</Alert>}
          {upload.isPending && (
            <UploadProgress
              fraction={progress}
              sendingLabel="Uploading document..."
              sentLabel="Uploaded, reading and chunking the document..."
            />
          )}
          <Button type="submit" className="w-full" isLoading={upload.isPending}>
            {!upload.isPending && <Upload className="size-4" aria-hidden="true" />}
            {upload.isPending ? 'Uploading...' : 'Upload Document'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
