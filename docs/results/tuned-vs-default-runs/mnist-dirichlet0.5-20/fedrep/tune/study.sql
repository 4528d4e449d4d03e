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
INSERT INTO "studies" VALUES(1,'fedrep');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,5.00000000000000111022e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,6.61000000000000142996e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,7.93999999999999928057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,8.55000000000000093258e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,0.874,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,8.86999999999999899635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.901,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,0.909,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,9.04000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,9.12000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,9.2000000000000015099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,0.923,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,9.210000000000002629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.559,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,0.677,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,0.86,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,0.914,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.937,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,9.43000000000000171418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,0.944,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,9.45000000000000062172e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,9.49000000000000065725e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,9.51000000000000178523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.56000000000000182964e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,9.57000000000000183852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,0.958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,9.54000000000000070166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,0.953,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,9.52000000000000179412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,0.43,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,4.31000000000000049737e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,3,3,4.36000000000000054178e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,3,4,0.437,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,3,5,4.44000000000000061284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,3,6,4.54999999999999960031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,3,7,0.466,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,3,8,4.78000000000000035971e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,3,9,0.487,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,3,10,0.502,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,3,11,0.525,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,3,12,5.4799999999999993161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,3,13,5.5899999999999994138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,3,14,0.587,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,3,15,5.97000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,3,16,0.612,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,3,17,0.623,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,3,18,0.635,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,3,19,0.645,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,3,20,6.65000000000000146549e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,1,2.25999999999999978683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,2,0.404,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,1,0.525,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,2,7.39000000000000101252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,3,8.47000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,4,0.876,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.16047204933065076226e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',9.38646435830109565623e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',1.08012575693586200184e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,3,'head_epochs',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',5.61668651884238423477e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(12,4,'head_epochs',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',2.10613746985012437185e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,5,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.8869999999999999');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.929');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.677');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_1','0.937');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_2','0.9540000000000001');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.635');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.404');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.7390000000000001');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','217.539');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.2393551535606384');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','186.928');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','0.11943715333938598');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','17');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','195.562');
INSERT INTO "trial_user_attributes" VALUES(10,3,'val_loss','1.1252584419250489');
INSERT INTO "trial_user_attributes" VALUES(11,3,'round','20');
INSERT INTO "trial_user_attributes" VALUES(12,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(13,4,'seconds','20.886');
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
INSERT INTO "trial_values" VALUES(1,1,0,0.932,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,9.61000000000000076383e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,6.65000000000000146549e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,0.404,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 02:30:22.658786','2026-11-27 02:34:00.288484');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 02:34:00.305089','2026-11-27 02:37:07.309568');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 02:37:07.326374','2026-11-27 02:40:22.960524');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 02:40:22.976487','2026-11-27 02:40:43.927776');
INSERT INTO "trials" VALUES(5,4,1,'RUNNING','2026-11-27 02:40:43.948133',NULL);
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
