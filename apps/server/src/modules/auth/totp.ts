import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Lantern';
/** Accept one 30-second step either side, for clock drift between server and phone. */
const EPOCH_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpQrCodeDataUrl(secret: string, accountEmail: string): Promise<string> {
  const uri = generateURI({ issuer: ISSUER, label: accountEmail, secret });
  return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The matched time step when the code is valid and newer than `afterStep`, else null. */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
