// Runs inside the hidden iframe of the silent sign-in check: hand the answer back to the app.
parent.postMessage({ type: 'silent-check-sso', url: location.href }, location.origin);
