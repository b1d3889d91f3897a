/** The small page that stands in for Google's account chooser when no Google credentials are set. */
export function devSignInPage(returnTo: string, error?: string): string {
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in (local)</title>
<style>
  *{box-sizing:border-box} body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f5;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529}
  main{width:min(420px,92vw);background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);padding:32px}
  h1{font-size:22px;margin:0 0 4px} p{margin:0 0 20px;color:#868e96}
  label{display:block;font-weight:600;margin:14px 0 6px} input{width:100%;padding:10px 12px;border:1px solid #ced4da;border-radius:8px;font:inherit}
  input:focus{outline:2px solid #228be6;border-color:#228be6} button{margin-top:22px;width:100%;padding:11px;border:0;border-radius:8px;background:#228be6;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:hover{background:#1c7ed6} .error{background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px 12px;margin-bottom:8px}
</style></head>
<body><main>
  <h1>Sign in</h1>
  <p>Google sign-in is not configured on this server, so a local sign-in stands in for it. Enter any e-mail address.</p>
  ${error ? `<div class="error" role="alert">${escape(error)}</div>` : ''}
  <form method="post" action="/auth/dev/sign-in">
    <input type="hidden" name="returnTo" value="${escape(returnTo)}">
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" placeholder="Optional">
    <button type="submit">Continue</button>
  </form>
</main></body></html>`;
}
