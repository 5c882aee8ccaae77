import type { AppConfig } from '../config';
import { createOutboxProvider, type EmailProvider } from './email/email-provider';
import { createSmtpProvider } from './email/smtp-provider';
import type { FileStorage } from './storage/file-storage';
import { createLocalStorage } from './storage/local-storage';
import { createS3Storage } from './storage/s3-storage';

/** The email provider the configuration asks for (EMAIL_PROVIDER): the outbox unless smtp. */
export function createEmailProvider(config: AppConfig): EmailProvider {
  if (config.email.provider === 'smtp' && config.email.smtpUrl)
    return createSmtpProvider({ url: config.email.smtpUrl, from: config.email.from });
  return createOutboxProvider();
}

/** Where files go (STORAGE): a folder under DATA_DIR unless s3. */
export function createFileStorage(config: AppConfig): FileStorage {
  const storage = config.storage;
  if (storage.kind === 'local') return createLocalStorage(storage.root);
  return createS3Storage({
    bucket: storage.bucket,
    region: storage.region,
    endpoint: storage.endpoint,
    accessKeyId: storage.accessKeyId,
    secretAccessKey: storage.secretAccessKey,
    forcePathStyle: storage.forcePathStyle,
  });
}
