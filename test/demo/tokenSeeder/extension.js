// Demo and F5 only (test/demo/start.ts, .vscode/launch.json "Run Extension"):
// once VS Code is up, stores the sandbox's test token for the connection the
// demo wrote into the user settings, through the extension's public command
// (datahub.setAccessToken with an argument object: no prompt, no message).
// Reads DATAHUB_DEMO_CONNECTION and DATAHUB_DEMO_TOKEN; never logs the token.
'use strict';
const vscode = require('vscode');

exports.activate = async function activate() {
  const connection = process.env.DATAHUB_DEMO_CONNECTION;
  const token = process.env.DATAHUB_DEMO_TOKEN;
  if (!connection || !token) return;
  try {
    await vscode.commands.executeCommand('datahub.setAccessToken', { connection, token });
  } catch (error) {
    console.error(`demo: the token for "${connection}" was not stored: ${error instanceof Error ? error.message : String(error)}`);
  }
};

exports.deactivate = function deactivate() {};
