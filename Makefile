.PHONY: start test setup typecheck

# Installs what is missing (Debian engines, npm packages, web build), then starts
# API + worker + web on PORT (8080) with DATA_DIR (./data) or DATABASE_URL.
start: setup
	npm start --silent

# Installs what is missing, then runs the whole test suite (unit, engine, API on PGlite and PostgreSQL,
# browser e2e against the built web app).
test: setup
	npx tsc -p tsconfig.json --noEmit
	npx tsc -p apps/web/tsconfig.json --noEmit
	npx vitest run

setup:
	bash scripts/setup.sh
