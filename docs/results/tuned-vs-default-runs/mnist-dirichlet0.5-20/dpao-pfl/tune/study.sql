BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'dpao-pfl');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,0.303,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.413,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,4.81000000000000038635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,0.524,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,6.27000000000000112798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,6.57999999999999918287e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.775,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,7.52999999999999891642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,7.70999999999999907629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.808,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,8.47000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,8.22000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.858,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,8.22999999999999842792e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,8.77999999999999891642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,8.85000000000000119904e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,8.31000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,0.817,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,8.8700000000000012168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.171,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,4.38999999999999945821e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,4.47000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,4.43000000000000060396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,4.44000000000000061284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.449,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,4.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,4.70000000000000028865e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,0.48,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,4.82000000000000095035e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,4.90000000000000046629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.506,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,0.517,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',1.69600139528364030061e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'lam',4.54200663116663960749e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(3,1,'fisher_alpha',0.537741067253859,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(4,1,'upload_threshold',2.11577157544978328163e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(5,2,'lr',1.29368117582895174322e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,2,'lam',3.17069463670366629565e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(7,2,'fisher_alpha',8.22804954399585786184e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(8,2,'upload_threshold',3.30573704398728928678e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.413');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.6579999999999999');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.9020000000000001');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_0','0.449');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','173.82');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.31934817647933966');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','18');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,9.02000000000000135003e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 03:11:36.945578','2026-11-27 03:14:30.892092');
INSERT INTO "trials" VALUES(2,1,1,'RUNNING','2026-11-27 03:14:30.910517',NULL);
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
