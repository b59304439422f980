"""Who created a table (the client's address), so that open tables per creator are limited.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("created_by", sa.String(64), nullable=True))
        batch.create_index("ix_tables_created_by", ["created_by"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_created_by")
        batch.drop_column("created_by")
