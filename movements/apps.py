from django.apps import AppConfig


class MovementsConfig(AppConfig):
    name = "movements"
    default_auto_field = "django.db.models.BigAutoField"
