// Loads `.env` from the working directory into process.env, when there is one. Imported first by
// the server entry (server/main.ts), the command-line scripts and the build, before anything reads the environment.
// Variables already set (the shell, systemd, Docker) win: loadEnvFile never overrides them.
import fs from "node:fs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
