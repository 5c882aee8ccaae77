import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Keys derived from the one master secret; each purpose has its own key. */
export type AppKeys = {
  totpEncryption: Buffer;
  backupCodeHmac: Buffer;
  /** Signs the unsubscribe links in campaign emails (modules/campaigns/unsubscribe). */
  unsubscribeHmac: Buffer;
  /** Signs the click and open-pixel links in campaign emails (modules/campaigns/tracking). */
  trackingHmac: Buffer;
};

function derive(master: Buffer, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), `lantern:${purpose}`, 32));
}

/**
 * The master secret comes from SECRET_KEY. Outside production, when it is unset, one is
 * generated once and kept in the data folder (mode 600) so encrypted data survives restarts.
 */
export function loadKeys(options: { secretKey?: string; isProduction: boolean; dataDir: string }): AppKeys {
  let master: string | undefined = options.secretKey;
  if (!master) {
    if (options.isProduction) {
      throw new Error('SECRET_KEY must be set in production (at least 32 random characters).');
    }
    const file = path.join(options.dataDir, 'secret.key');
    if (fs.existsSync(file)) {
      master = fs.readFileSync(file, 'utf8').trim();
    } else {
      master = crypto.randomBytes(32).toString('base64url');
      fs.mkdirSync(options.dataDir, { recursive: true });
      fs.writeFileSync(file, master, { mode: 0o600 });
    }
  }
  const masterBytes = Buffer.from(master, 'utf8');
  return {
    totpEncryption: derive(masterBytes, 'totp-secret'),
    backupCodeHmac: derive(masterBytes, 'backup-code'),
    unsubscribeHmac: derive(masterBytes, 'unsubscribe-link'),
    trackingHmac: derive(masterBytes, 'tracking-link'),
  };
}
