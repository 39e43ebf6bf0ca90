/** A form's outcome, announced: the error as an alert, success politely. Always rendered so the live region exists. */
export function FormStatus({ error, success, id }: { error: string | null; success?: string | null; id?: string }) {
  return (
    <>
      <p id={id} role="alert" className={error ? 'form-error' : 'visually-hidden'}>
        {error ?? ''}
      </p>
      <p role="status" className={success && !error ? 'form-success' : 'visually-hidden'}>
        {!error && success ? success : ''}
      </p>
    </>
  )
}
