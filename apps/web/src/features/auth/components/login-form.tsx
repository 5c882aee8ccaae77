import { BACKUP_CODE_LENGTH, TWO_FACTOR_CODE_LENGTH } from '@lantern/contracts';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label, TextField } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { CodeInput } from './code-input';

type Step = 'credentials' | 'code';
type Field = 'email' | 'password' | 'code';
type FormError = { message: string; field?: Field };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// Same rules and words as loginRequestSchema, checked here so a slip costs no round trip.
function findProblem(step: Step, email: string, password: string, code: string): FormError | null {
  if (step === 'code') {
    const isValidLength = code.length === TWO_FACTOR_CODE_LENGTH || code.length === BACKUP_CODE_LENGTH;
    return isValidLength
      ? null
      : { field: 'code', message: 'Enter the 6-digit code from your app or an 8-digit backup code' };
  }
  if (!email.trim()) return { field: 'email', message: 'Email is required' };
  if (!EMAIL_PATTERN.test(email.trim()))
    return { field: 'email', message: 'Please enter a valid email address' };
  if (!password) return { field: 'password', message: 'Password is required' };
  return null;
}

/** Two steps: email and password, then (only when the server asks) the two-factor code. */
export function LoginForm() {
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const login = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const problem = findProblem(step, email, password, code);
    setError(problem);
    if (problem) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    const twoFactorCode = step === 'code' ? code : undefined;
    login.mutate(
      { email: email.trim(), password, twoFactorCode },
      {
        onSuccess: (result) => {
          if (!('requiresTwoFactor' in result)) return; // signed in: the login route redirects
          setCode('');
          setError(null);
          setStep('code');
        },
        onError: (cause) => {
          setError({ message: errorMessage(cause, 'Login failed') });
          if (step !== 'code') return;
          setCode('');
          codeRef.current?.focus();
        },
      },
    );
  }

  function backToPassword() {
    setStep('credentials');
    setCode('');
    setError(null);
    login.reset();
  }

  const isPending = login.isPending;
  const submitLabel =
    step === 'code' ? (isPending ? 'Verifying...' : 'Verify Code') : isPending ? 'Signing in...' : 'Sign In';

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">
          {step === 'code' ? 'Two-factor verification' : 'Sign in to your account'}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {step === 'code'
            ? 'Open your authenticator app and enter the current code.'
            : 'Use your school staff email and password.'}
        </p>
      </div>

      {error && <Alert tone="error">{error.message}</Alert>}

      {step === 'credentials' ? (
        <>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            autoFocus={!email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error?.field === 'email' || undefined}
            required
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(email)}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error?.field === 'password' || undefined}
            required
          />
        </>
      ) : (
        <div className="space-y-1.5">
          <Label htmlFor="login-code">Verification code</Label>
          <CodeInput
            id="login-code"
            ref={codeRef}
            name="code"
            autoFocus
            maxLength={BACKUP_CODE_LENGTH}
            value={code}
            onValueChange={setCode}
            aria-describedby="login-code-hint"
            aria-invalid={error?.field === 'code' || undefined}
            required
          />
          <p id="login-code-hint" className="text-xs text-slate-600">
            Enter the 6-digit code from your authenticator app, or an 8-digit backup code.
          </p>
        </div>
      )}

      <Button type="submit" size="lg" className="w-full" isLoading={isPending}>
        {submitLabel}
      </Button>

      {step === 'code' && (
        <div className="text-center">
          <Button variant="link" onClick={backToPassword}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to password
          </Button>
        </div>
      )}
    </form>
  );
}
