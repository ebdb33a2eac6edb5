# The Gin Rummy calculator as a container image: gunicorn with the shipped gunicorn.conf.py,
# running the project's wheel (every package it needs, theirs included, at the exact pins of
# pyproject.toml) as a non-root user. Put a buffering proxy in front (deploy/nginx.conf, or an nginx ingress):
# the sync workers must never face clients directly (docs/OPERATIONS.md, "Running at scale").
#
#   docker build -t gin-rummy-calculator .
#   docker run --rm -p 127.0.0.1:8000:8000 gin-rummy-calculator

# --- build: the wheel, from the sources .dockerignore lets in ---------------------------------
FROM python:3.11-slim-bookworm AS build
WORKDIR /src
COPY pyproject.toml README.md openapi.yaml ./
COPY calculator ./calculator
COPY templates ./templates
COPY static ./static
COPY packaging ./packaging
# pip builds with the backend pinned in pyproject.toml (setuptools==80.9.0)
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

# --- run: the wheel and the server config, nothing else ---------------------------------------
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000
# A numeric user, so that Kubernetes can check runAsNonRoot; no home, no shell, no password.
RUN groupadd --system --gid 10001 gin \
    && useradd --system --no-log-init --uid 10001 --gid gin --no-create-home \
       --shell /usr/sbin/nologin gin
COPY --from=build /wheels /wheels
# The wheel pins every package it needs exactly, the dependencies of its dependencies too
# (pyproject.toml): each build installs the same versions.
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels
WORKDIR /app
COPY gunicorn.conf.py ./
USER 10001:10001
EXPOSE 8000
# Healthy while gunicorn's master holds its listening socket: the kernel completes a connection
# to it even while every sync worker is busy with a long batch (a GET /healthz would wait behind
# them and call a busy container unhealthy); a dead master fails it. The Kubernetes liveness
# probe runs the same command (deploy/k8s/deployment.yaml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-m", "calculator.alive"]
# Exec form: gunicorn is PID 1 and gets the platform's SIGTERM itself (a graceful stop).
CMD ["gunicorn", "-c", "gunicorn.conf.py", "calculator:create_app()"]
