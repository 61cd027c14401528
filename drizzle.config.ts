import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` writes SQL migrations from app/db/schema.ts. Hand-written SQL
// (triggers) goes in a custom migration: `npx drizzle-kit generate --custom --name <what>`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./app/db/migrations",
});
