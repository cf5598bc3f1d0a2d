// Sign-in (specification points 4 and 8). After success, back to the screen the user asked for.
// Plain HTML form elements and a CSS module, no antd: this page is the first screen, which must stay small
// (issue 53, docs/performance.md, « First screen »); it looks and behaves as antd's form did (the messages
// under a field as it changes and at submission, the server's refusal in an alert, the form disabled and the
// button spinning while signing in).
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { afterSignIn } from '../../app/guard';
import { frShell as fr } from '../../shared/locale/frShell';
import { signIn } from '../../shared/session/session';
import { fieldError, type Credentials, type Field } from './credentials';
import styles from './LoginPage.module.css';

type FieldErrors = Partial<Record<Field, string>>;

// antd's icons (UserOutlined, LockOutlined, CloseCircleFilled, LoadingOutlined, EyeOutlined,
// EyeInvisibleOutlined), inline: @ant-design/icons would bring its runtime to the first screen.
const PATHS = {
  user: 'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
  lock: 'M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z',
  error:
    'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z',
  loading:
    'M988 548c-19.9 0-36-16.1-36-36 0-59.4-11.6-117-34.6-171.3a440.45 440.45 0 00-94.3-139.9 437.71 437.71 0 00-139.9-94.3C629 83.6 571.4 72 512 72c-19.9 0-36-16.1-36-36s16.1-36 36-36c69.1 0 136.2 13.5 199.3 40.3C772.3 66 827 103 874 150c47 47 83.9 101.8 109.7 162.7 26.7 63.1 40.2 130.2 40.2 199.3.1 19.9-16 36-35.9 36z',
  eye: 'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z',
  eyeInvisible:
    'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512zM508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z',
} as const;

function Icon({ path, className }: { path: keyof typeof PATHS; className?: string }) {
  return (
    <svg
      viewBox={path === 'loading' ? '0 0 1024 1024' : '64 64 896 896'}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={PATHS[path]} />
    </svg>
  );
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Credentials>({ login: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const id = useId();

  // Refused: back to the password (the form, disabled while signing in, had lost the focus).
  useEffect(() => {
    if (failure) document.getElementById(`${id}-password`)?.focus();
  }, [failure, id]);

  function change(field: Field) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((previous) => ({ ...previous, [field]: value }));
      setErrors((previous) => ({ ...previous, [field]: fieldError(field, value) }));
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {
      login: fieldError('login', values.login),
      password: fieldError('password', values.password),
    };
    setErrors(found);
    const invalid = (['login', 'password'] as const).find((field) => found[field]);
    if (invalid) {
      document.getElementById(`${id}-${invalid}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    const result = await signIn(values.login.trim(), values.password);
    setBusy(false);
    if (result.ok) void navigate(afterSignIn(searchParams.get('redirect')), { replace: true });
    else setFailure(result.message);
  }

  function field(name: Field, label: string, icon: keyof typeof PATHS, input: ReactElement, extra?: ReactElement) {
    const error = errors[name];
    return (
      <div className={cx(styles.field, error && styles.invalid)}>
        <label className={styles.label} htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <div className={cx(styles.control, busy && styles.disabled)}>
          <Icon path={icon} />
          {input}
          {extra}
        </div>
        {error && (
          <div id={`${id}-${name}-error`} className={styles.error} role="alert">
            {error}
          </div>
        )}
      </div>
    );
  }

  const inputProps = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    className: styles.input,
    value: values[name],
    onChange: change(name),
    disabled: busy,
    'aria-required': true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <>
      <h2 className={styles.heading}>{fr.login.heading}</h2>
      <p className={styles.intro}>{fr.login.intro}</p>
      <div role="alert">
        {failure && (
          <div className={styles.alert}>
            <Icon path="error" />
            <span>{failure}</span>
          </div>
        )}
      </div>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        {field(
          'login',
          fr.login.login,
          'user',
          // Focused at once, as antd's autoFocus had it: signing in is the page's only purpose.
          <input {...inputProps('login')} type="text" autoComplete="username" autoFocus spellCheck={false} />,
        )}
        {field(
          'password',
          fr.login.password,
          'lock',
          <input {...inputProps('password')} type={revealed ? 'text' : 'password'} autoComplete="current-password" />,
          <button
            type="button"
            className={styles.reveal}
            aria-label={fr.login.reveal}
            aria-pressed={revealed}
            aria-controls={`${id}-password`}
            disabled={busy}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <Icon path={revealed ? 'eye' : 'eyeInvisible'} />
          </button>,
        )}
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy && <Icon path="loading" className={styles.spinner} />}
          <span>{fr.login.submit}</span>
        </button>
      </form>
    </>
  );
}
